import SignetGameSystem

/// The avatar as SVG, for any Top and Bottom option: the option's position in its component picks the
/// shape (a cap, a crown, a beanie; jeans, a kilt, shorts — then round again) and a colour, so every
/// combination a server offers is drawn, and two options never look alike until the shapes run out.
enum AvatarSVG {
    /// The picture for `avatar` (component name → option id), titled with the options' names.
    static func draw(_ avatar: [String: Int], components: [AvatarComponent]) -> String {
        let top = position(of: avatar["Top"], in: components, named: "Top")
        let bottom = position(of: avatar["Bottom"], in: components, named: "Bottom")
        let title = describe(avatar, components: components)
        return """
            <svg viewBox="0 0 80 100" role="img" aria-label="\(HTML.escape(title))" xmlns="http://www.w3.org/2000/svg">\
            <title>\(HTML.escape(title))</title>\
            \(bottomShape(bottom))\
            <rect x="27" y="44" width="26" height="24" rx="6" fill="#5c6bc0"/>\
            <circle cx="40" cy="30" r="14" fill="#ffcc99" stroke="#8d6e63"/>\
            <circle cx="35" cy="28" r="1.8" fill="#333"/><circle cx="45" cy="28" r="1.8" fill="#333"/>\
            <path d="M34 35 Q40 39 46 35" stroke="#333" fill="none"/>\
            \(topShape(top))\
            </svg>
            """
    }

    /// `Top: Cap, Bottom: Jeans` (names from the server, unescaped: callers escape).
    static func describe(_ avatar: [String: Int], components: [AvatarComponent]) -> String {
        ["Top", "Bottom"].compactMap { name in
            guard let id = avatar[name] else { return nil }
            let option = components.first { $0.name == name }?.options.first { $0.id == id }
            return "\(name): \(option?.name ?? "option \(id)")"
        }.joined(separator: ", ")
    }

    /// A colour for the option at `position`, spread round the colour wheel.
    private static func colour(_ position: Int) -> String {
        "hsl(\((position * 137 + 10) % 360) 65% 45%)"
    }

    private static func topShape(_ position: Int) -> String {
        let fill = colour(position)
        switch position % 3 {
        case 0: // a cap with a peak
            return "<path d=\"M26 24 Q40 6 54 24 Z\" fill=\"\(fill)\"/><rect x=\"40\" y=\"21\" width=\"22\" height=\"4\" rx=\"2\" fill=\"\(fill)\"/>"
        case 1: // a crown
            return "<path d=\"M27 22 L27 8 L33 15 L40 5 L47 15 L53 8 L53 22 Z\" fill=\"\(fill)\" stroke=\"#7a5c00\"/>"
        default: // a beanie with a bobble
            return "<path d=\"M26 25 Q40 2 54 25 Z\" fill=\"\(fill)\"/><circle cx=\"40\" cy=\"8\" r=\"4\" fill=\"\(fill)\"/>"
        }
    }

    private static func bottomShape(_ position: Int) -> String {
        let fill = colour(position + 3)
        switch position % 3 {
        case 0: // jeans
            return "<path d=\"M28 66 L52 66 L52 96 L43 96 L40 76 L37 96 L28 96 Z\" fill=\"\(fill)\"/>"
        case 1: // a kilt over legs
            return "<rect x=\"31\" y=\"80\" width=\"6\" height=\"16\" fill=\"#ffcc99\"/><rect x=\"43\" y=\"80\" width=\"6\" height=\"16\" fill=\"#ffcc99\"/>"
                + "<path d=\"M27 66 L53 66 L57 84 L23 84 Z\" fill=\"\(fill)\"/>"
                + "<path d=\"M32 66 L30 84 M40 66 L40 84 M48 66 L50 84\" stroke=\"#222\" stroke-opacity=\".35\"/>"
        default: // shorts
            return "<rect x=\"31\" y=\"78\" width=\"6\" height=\"18\" fill=\"#ffcc99\"/><rect x=\"43\" y=\"78\" width=\"6\" height=\"18\" fill=\"#ffcc99\"/>"
                + "<path d=\"M28 66 L52 66 L53 80 L42 80 L40 72 L38 80 L27 80 Z\" fill=\"\(fill)\"/>"
        }
    }

    private static func position(of id: Int?, in components: [AvatarComponent], named name: String) -> Int {
        guard let id, let options = components.first(where: { $0.name == name })?.options,
              let position = options.firstIndex(where: { $0.id == id }) else { return 0 }
        return position
    }
}
