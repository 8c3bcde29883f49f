import Foundation
import SignetWorlds

/// Picks the property-list format of a `worlds` answer from the request's `Accept` field.
///
/// Each listed media type that names a format (see `PropertyListFormat(mediaType:)`) is a candidate with
/// its `q` (1 when absent); the highest `q` above 0 wins, the first listed among equals. With no `Accept`,
/// or none naming a format (`*/*` included), the answer is OpenStep text, as the real server sends.
enum WorldsFormatNegotiation {
    /// The chosen format and the `Content-Type` to label it with: the media type the client asked for
    /// (`text/xml` gets `text/xml`), with `charset=utf-8` on text types.
    static func choose(accept: String?) -> (format: PropertyListFormat, contentType: String) {
        var best: (format: PropertyListFormat, mediaType: String, quality: Double)?
        for element in (accept ?? "").split(separator: ",") {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let mediaType = parts.first?.lowercased(), let format = PropertyListFormat(mediaType: mediaType) else {
                continue
            }
            let quality = parts.dropFirst().compactMap(qualityValue).first ?? 1
            if quality > 0, quality > (best?.quality ?? 0) {
                best = (format, mediaType, quality)
            }
        }
        guard let best else { return (.openStep, label(PropertyListFormat.openStep.mediaType)) }
        return (best.format, label(best.mediaType))
    }

    /// The `q` of a `q=0.5` parameter; `nil` for other parameters or a `q` that is not a number in 0…1.
    private static func qualityValue(_ parameter: String) -> Double? {
        let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2, pair[0].lowercased() == "q", let value = Double(pair[1]), (0...1).contains(value) else {
            return nil
        }
        return value
    }

    private static func label(_ mediaType: String) -> String {
        mediaType.hasPrefix("text/") ? "\(mediaType); charset=utf-8" : mediaType
    }
}
