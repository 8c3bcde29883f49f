import Signet
import SignetJSON

/// Reads GameSystem answers with Signet's JSON cursor, from the response bytes straight into the models:
/// no tree of the answer is built (Foundation's `JSONDecoder` built one of several times its size), lists
/// are packed as they are read, and members the models do not know are skipped. Faults read as
/// `JSONDecoder`'s did: the path, and "required field is missing", "expected a number, found a string", …;
/// a member named twice is refused.
enum GameSystemJSON {
    static func player(_ cursor: inout JSONCursor) throws(JSONReadError) -> Player {
        var id: String?, nickname: String?, extID: String?, avatar: [String: Int] = [:]
        var pointTypes = PackedList<PointBalance>(), achievements = PackedList<Achievement>()
        var seen = JSONKnownMembers()
        try cursor.readObject { cursor, key throws(JSONReadError) in
            switch key {
            case "id": try seen.first(0, cursor); id = try cursor.readStringOrInt()
            case "nickname": try seen.first(1, cursor); nickname = try cursor.readString()
            case "ext_id": try seen.first(2, cursor); extID = try cursor.readOptionalString()
            case "point_types":
                try seen.first(3, cursor)
                guard try !cursor.readNull() else { return }
                try cursor.readArray { cursor, _ throws(JSONReadError) in pointTypes.append(try pointBalance(&cursor)) }
            case "achievements":
                try seen.first(4, cursor)
                guard try !cursor.readNull() else { return }
                try cursor.readArray { cursor, _ throws(JSONReadError) in achievements.append(try achievement(&cursor)) }
            case "avatar":
                try seen.first(5, cursor)
                guard try !cursor.readNull() else { return }
                try cursor.readObject { cursor, component throws(JSONReadError) in
                    guard avatar[component] == nil else { throw cursor.duplicate(component) }
                    guard avatar.count < Player.maximumAvatarComponents else {
                        throw cursor.tooMany("avatar components", limit: Player.maximumAvatarComponents)
                    }
                    avatar[component] = try cursor.readInt()
                }
            default: break
            }
        }
        guard let id else { throw cursor.missing("id") }
        guard let nickname else { throw cursor.missing("nickname") }
        return Player(id: GameSystemID(id), nickname: nickname, extID: extID, pointTypes: pointTypes,
                      achievements: achievements, avatar: avatar)
    }

    static func pointBalance(_ cursor: inout JSONCursor) throws(JSONReadError) -> PointBalance {
        var name: String?, amount: Int?
        var seen = JSONKnownMembers()
        try cursor.readObject { cursor, key throws(JSONReadError) in
            switch key {
            case "name": try seen.first(0, cursor); name = try cursor.readString()
            case "amount": try seen.first(1, cursor); amount = try cursor.readInt()
            default: break
            }
        }
        guard let name else { throw cursor.missing("name") }
        guard let amount else { throw cursor.missing("amount") }
        return PointBalance(name: name, amount: amount)
    }

    static func achievement(_ cursor: inout JSONCursor) throws(JSONReadError) -> Achievement {
        var id: String?, name: String?, description: String?, imageURL: String?, awardedAt: String?
        var seen = JSONKnownMembers()
        try cursor.readObject { cursor, key throws(JSONReadError) in
            switch key {
            case "id": try seen.first(0, cursor); id = try cursor.readStringOrInt()
            case "name": try seen.first(1, cursor); name = try cursor.readString()
            case "description": try seen.first(2, cursor); description = try cursor.readOptionalString()
            case "image_url": try seen.first(3, cursor); imageURL = try cursor.readOptionalString()
            case "awarded_at": try seen.first(4, cursor); awardedAt = try cursor.readOptionalString()
            default: break
            }
        }
        guard let id else { throw cursor.missing("id") }
        guard let name else { throw cursor.missing("name") }
        return Achievement(id: GameSystemID(id), name: name, description: description, imageURL: imageURL, awardedAt: awardedAt)
    }

    /// `[{"id", "name", "options": [{"id", "name"}]}]`; each component's options are packed as they are
    /// read and copied into the component as bytes, so no array of them is built.
    static func avatarComponents(_ cursor: inout JSONCursor) throws(JSONReadError) -> PackedList<AvatarComponent> {
        var components = PackedList<AvatarComponent>()
        try cursor.readArray { cursor, _ throws(JSONReadError) in
            var id: String?, name: String?, options: PackedList<AvatarOption>?
            var seen = JSONKnownMembers()
            try cursor.readObject { cursor, key throws(JSONReadError) in
                switch key {
                case "id": try seen.first(0, cursor); id = try cursor.readStringOrInt()
                case "name": try seen.first(1, cursor); name = try cursor.readString()
                case "options":
                    try seen.first(2, cursor)
                    var read = PackedList<AvatarOption>()
                    try cursor.readArray { cursor, _ throws(JSONReadError) in read.append(try avatarOption(&cursor)) }
                    options = read
                default: break
                }
            }
            guard let id else { throw cursor.missing("id") }
            guard let name else { throw cursor.missing("name") }
            guard let options else { throw cursor.missing("options") }
            components.append { AvatarComponent.pack(id: id, name: name, options: options, into: &$0) }
        }
        return components
    }

    static func avatarOption(_ cursor: inout JSONCursor) throws(JSONReadError) -> AvatarOption {
        var id: Int?, name: String?
        var seen = JSONKnownMembers()
        try cursor.readObject { cursor, key throws(JSONReadError) in
            switch key {
            case "id": try seen.first(0, cursor); id = try cursor.readInt()
            case "name": try seen.first(1, cursor); name = try cursor.readString()
            default: break
            }
        }
        guard let id else { throw cursor.missing("id") }
        guard let name else { throw cursor.missing("name") }
        return AvatarOption(id: id, name: name)
    }

    /// `{"message", "rule_results": {"points_awarded": {"points"}, "achievements_awarded": [...]}}`; every
    /// part may be absent (`message` "", points 0, no achievements), `points_awarded` may be null.
    static func externalEventResult(_ cursor: inout JSONCursor) throws(JSONReadError) -> ExternalEventResult {
        var message = "", points = 0, awarded = PackedList<AwardedAchievement>()
        var seen = JSONKnownMembers()
        try cursor.readObject { cursor, key throws(JSONReadError) in
            switch key {
            case "message": try seen.first(0, cursor); message = try cursor.readOptionalString() ?? ""
            case "rule_results":
                try seen.first(1, cursor)
                var rules = JSONKnownMembers()
                try cursor.readObject { cursor, key throws(JSONReadError) in
                    switch key {
                    case "points_awarded":
                        try rules.first(0, cursor)
                        guard try !cursor.readNull() else { return }
                        var inner = JSONKnownMembers()
                        try cursor.readObject { cursor, key throws(JSONReadError) in
                            guard key == "points" else { return }
                            try inner.first(0, cursor)
                            points = try cursor.readNull() ? 0 : cursor.readInt()
                        }
                    case "achievements_awarded":
                        try rules.first(1, cursor)
                        guard try !cursor.readNull() else { return }
                        try cursor.readArray { cursor, _ throws(JSONReadError) in awarded.append(try awardedAchievement(&cursor)) }
                    default: break
                    }
                }
            default: break
            }
        }
        return ExternalEventResult(message: message, pointsAwarded: points, achievementsAwarded: awarded)
    }

    static func awardedAchievement(_ cursor: inout JSONCursor) throws(JSONReadError) -> AwardedAchievement {
        var id: String?, createdAt: String?
        var seen = JSONKnownMembers()
        try cursor.readObject { cursor, key throws(JSONReadError) in
            switch key {
            case "achievement_id": try seen.first(0, cursor); id = try cursor.readStringOrInt()
            case "created_at": try seen.first(1, cursor); createdAt = try cursor.readOptionalString()
            default: break
            }
        }
        guard let id else { throw cursor.missing("achievement_id") }
        return AwardedAchievement(achievementID: GameSystemID(id), createdAt: createdAt)
    }
}
