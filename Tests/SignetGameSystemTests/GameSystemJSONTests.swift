import Foundation
import Signet
@testable import SignetGameSystem
import SignetJSON
import Testing

/// The GameSystem answers as the client reads them (``GameSystemJSON`` over Signet's JSON cursor): the same
/// values as `JSONDecoder` gives through the models' `Decodable` conformances, and faults that name the
/// path and what was wrong.
@Suite("GameSystem JSON")
struct GameSystemJSONTests {
    static func read<T>(_ text: String, _ read: (inout JSONCursor) throws(JSONReadError) -> T) throws -> T {
        try Client.readJSON(Array(text.utf8), read)
    }

    /// The decoding failure's path and reason, or nil when `text` decodes.
    static func failure<T>(_ text: String, _ read: (inout JSONCursor) throws(JSONReadError) -> T) -> (path: String, reason: String)? {
        do {
            _ = try Client.readJSON(Array(text.utf8), read)
            return nil
        } catch let error as SignetError {
            if case .decoding(let path, let reason) = error.kind { return (path, reason) }
            return ("not decoding", "\(error)")
        } catch {
            return ("not SignetError", "\(error)")
        }
    }

    static let players = [
        #"{"id":"7","nickname":"Ann","ext_id":"ann","point_types":[{"name":"points","amount":-3}],"achievements":[{"id":12,"name":"Rainbow","description":"shiny","image_url":"http://x/r.png","awarded_at":"2026-01-01"},{"id":"x","name":"Ünïcode \u00e9","description":null}],"avatar":{"Top":101,"Bottom":202},"extra":{"nested":[1,{"a":null}]}}"#,
        #"{"id":7,"nickname":""}"#,
        #"{"nickname":"N","id":"1","point_types":null,"achievements":null,"avatar":null,"ext_id":null}"#,
    ]

    @Test("players read as JSONDecoder reads them", arguments: players)
    func playersMatchDecodable(text: String) throws {
        let expected = try JSONDecoder().decode(Player.self, from: Data(text.utf8))
        let read = try Self.read(text, GameSystemJSON.player)
        #expect(read == expected)
    }

    @Test("avatar components and event results read as JSONDecoder reads them")
    func othersMatchDecodable() throws {
        let components = #"[{"id":1,"name":"Top","options":[{"id":101,"name":"Cap"},{"id":102,"name":"Crown"}]},{"id":"2","name":"Bottom","options":[]}]"#
        let decoded = try JSONDecoder().decode([AvatarComponent].self, from: Data(components.utf8))
        let read = try Self.read(components, GameSystemJSON.avatarComponents)
        #expect(Array(read) == decoded)
        let results = [
            #"{"message":"ok","rule_results":{"points_awarded":{"points":10},"achievements_awarded":[{"achievement_id":3,"created_at":"now"},{"achievement_id":"x"}]}}"#,
            #"{"message":"ok"}"#, #"{"rule_results":{"points_awarded":null}}"#, #"{"rule_results":{"points_awarded":{}}}"#,
        ]
        for text in results {
            let expected = try JSONDecoder().decode(ExternalEventResult.self, from: Data(text.utf8))
            let result = try Self.read(text, GameSystemJSON.externalEventResult)
            #expect(result == expected, "\(text)")
        }
    }

    /// Records an issue unless reading `text` fails at `path` with `reason`.
    static func expect<T>(
        _ text: String, _ read: (inout JSONCursor) throws(JSONReadError) -> T, fails path: String, _ reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = failure(text, read)
        #expect(found?.path == path && found?.reason == reason, "\(text): \(String(describing: found))", sourceLocation: sourceLocation)
    }

    @Test("faults name the path and what was wrong")
    func faults() {
        let player = GameSystemJSON.player
        Self.expect(#"{"id":"7"}"#, player, fails: "$.nickname", "required field is missing")
        Self.expect(#"{"id":"7","nickname":"A","achievements":[{"id":1,"name":"a"},{"id":2,"name":null}]}"#, player,
                    fails: "$.achievements[1].name", "expected a string, found null")
        Self.expect(#"{"id":"7","nickname":"A","point_types":[{"name":"p","amount":1.5}]}"#, player,
                    fails: "$.point_types[0].amount", "expected a whole number")
        Self.expect(#"{"id":true,"nickname":"A"}"#, player, fails: "$.id", "expected a string or a number, found true or false")
        Self.expect(#"{"id":"7","nickname":"A","nickname":"B"}"#, player, fails: "$.nickname", #"the member "nickname" appears twice (byte 36)"#)
        Self.expect(#"{"id":"7","nickname":"A","avatar":{"Top":1,"Top":2}}"#, player, fails: "$.avatar.Top", #"the member "Top" appears twice (byte 49)"#)
        Self.expect(#"{"id":"7","nickname":"A",}"#, player, fails: "$", "expected a member name in double quotes (byte 25)")
        Self.expect(#"[{"id":1,"name":"Top"}]"#, GameSystemJSON.avatarComponents, fails: "$[0].options", "required field is missing")
        Self.expect(#"{"rule_results":{"achievements_awarded":[{}]}}"#, GameSystemJSON.externalEventResult,
                    fails: "$.rule_results.achievements_awarded[0].achievement_id", "required field is missing")
    }

    @Test("an avatar of more components than the limit is refused at $.avatar, naming the limit")
    func avatarLimit() throws {
        let limit = Player.maximumAvatarComponents
        func player(components: Int) -> String {
            #"{"id":"7","nickname":"A","avatar":{"# + (0..<components).map { #""c\#($0)":\#($0)"# }.joined(separator: ",") + "}}"
        }
        // (Function references with typed throws are kept out of the macros: Swift 6.3.1 crashes lowering them.)
        let read = GameSystemJSON.player
        let accepted = try Self.read(player(components: limit), read)
        #expect(accepted.avatar.count == limit)
        let refused = Self.failure(player(components: limit + 1), read)
        #expect(refused?.path == "$.avatar" && refused?.reason.contains("more than \(limit) avatar components; the limit is \(limit)") == true,
                "\(String(describing: refused))")
    }
}
