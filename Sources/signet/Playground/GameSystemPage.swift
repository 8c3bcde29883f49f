import Foundation
import Hummingbird
import SignetGameSystem

/// `/gamesystem`: the player card (name, points, achievements), Magic (points counting up), Rainbow (an
/// achievement-unlocked animation), and the avatar drawn as SVG with pickers for every Top/Bottom
/// combination. Every call is signed here, with the playground's credentials.
struct GameSystemPage {
    let routes: PlaygroundRoutes
    static let title = "GameSystem", section = "/gamesystem"
    /// The most combinations drawn in the gallery (as `signet avatar --all`).
    static let maxCombinations = AvatarGallery.maxDrawn

    func register(on router: Router<PlaygroundRoutes.Context>) {
        router.get("/gamesystem") { _, _ in
            await routes.page(Self.title, section: Self.section) { try await card() }
        }
        for event in ["Magic", "Rainbow"] {
            router.post(RouterPath("/gamesystem/\(event.lowercased())")) { _, _ in
                await routes.page(Self.title, section: Self.section) { try await post(event) }
            }
        }
        router.post("/gamesystem/avatar") { request, _ in
            await routes.page(Self.title, section: Self.section) {
                let form = try await PlaygroundRoutes.form(request)
                let top = try PlaygroundRoutes.number(form, "top", label: "Top")
                let bottom = try PlaygroundRoutes.number(form, "bottom", label: "Bottom")
                let client = try routes.upstream.gameSystem.get()
                let player = try await client.updateAvatar(top: top, bottom: bottom)
                let components = Array(try await client.avatarComponents())
                var page = render(player, components: components)
                page.notice = .init(text: "Avatar changed: \(AvatarSVG.describe(player.avatar, components: components)).", tone: .success)
                page.canonicalPath = Self.section
                return page
            }
        }
    }

    private func card() async throws -> PlaygroundPage {
        let client = try routes.upstream.gameSystem.get()
        return render(try await client.player(), components: Array(try await client.avatarComponents()))
    }

    /// Posts the event, then shows the card with the points counting up and any new achievement unlocking.
    private func post(_ event: String) async throws -> PlaygroundPage {
        let client = try routes.upstream.gameSystem.get()
        let before = try await client.player()
        let result = try await client.postExternalEvent(event, idempotencyKey: UUID().uuidString)
        let after = try await client.player()
        let progress = PlayerProgress(before: before, after: after)
        var page = render(after, components: Array(try await client.avatarComponents()), countFrom: before.totalPoints,
                          unlocked: progress.newAchievements)
        var text = "\(event): \(result.message)"
        let delta = progress.totalPointsDelta
        if delta != 0 { text += " (\(delta > 0 ? "+" : "")\(delta) points)" }
        if delta == 0 && progress.newAchievements.isEmpty { text += " — nothing new was awarded." }
        page.notice = .init(text: text, tone: delta != 0 || !progress.newAchievements.isEmpty ? .success : .info)
        page.canonicalPath = Self.section
        return page
    }

    private func render(_ player: Player, components: [AvatarComponent], countFrom: Int? = nil,
                        unlocked: [Achievement] = []) -> PlaygroundPage {
        let total = player.totalPoints
        let counting = countFrom.map { (from) -> String in " data-count-from=\"\(from)\" data-count-to=\"\(total)\"" } ?? ""
        // One balance is the total itself; several are listed under it.
        let balances = player.pointTypes.count < 2 ? "" : player.pointTypes.map { (balance) -> String in "<li>\(balance.amount) \(HTML.escape(balance.name))</li>" }.joined()
        let achievements = player.achievements.isEmpty ? "<li class=\"none\">none yet</li>" : player.achievements.map { achievement -> String in
            let description = achievement.description.map { (text) -> String in " — \(HTML.escape(text))" } ?? ""
            return "<li>★ <strong>\(HTML.escape(achievement.name))</strong>\(description)</li>"
        }.joined()
        let banners = unlocked.map { achievement -> String in
            "<div class=\"unlocked\" id=\"unlocked\" role=\"status\">Achievement unlocked<small>★ \(HTML.escape(achievement.name))</small></div>"
        }.joined()
        let body = """
            <section class="card" id="player-card">
            <div class="avatar" id="avatar">\(AvatarSVG.draw(player.avatar, components: components))</div>
            <div>
            <h2 id="nickname">\(HTML.escape(player.nickname))</h2>
            <div class="points"><span id="points"\(counting)>\(total)</span> points</div>
            <ul id="point-types">\(balances)</ul>
            <h3>Achievements</h3>
            <ul class="achievements" id="achievements">\(achievements)</ul>
            </div>
            </section>
            \(banners)
            <div class="actions">
            <form method="post" action="/gamesystem/magic">\(routes.token.field)<button id="magic">Magic</button></form>
            <form method="post" action="/gamesystem/rainbow">\(routes.token.field)<button id="rainbow" class="rainbow">Rainbow</button></form>
            </div>
            \(pickers(player, components: components))
            """
        return PlaygroundPage(title: Self.title, section: Self.section, body: body)
    }

    /// Two selects for the current choice, and every Top × Bottom combination drawn as a button that posts it.
    private func pickers(_ player: Player, components: [AvatarComponent]) -> String {
        let tops = components.first { $0.name == "Top" }?.options ?? []
        let bottoms = components.first { $0.name == "Bottom" }?.options ?? []
        func select(_ name: String, _ options: [AvatarOption]) -> String {
            let items = options.map { (option) -> String in
                let selected = player.avatar[name] == option.id ? " selected" : ""
                return "<option value=\"\(option.id)\"\(selected)>\(HTML.escape(option.name))</option>"
            }.joined()
            return "<label>\(name)<select name=\"\(name.lowercased())\" id=\"\(name.lowercased())\">\(items)</select></label>"
        }
        var gallery = ""
        var drawn = 0
        combinations: for top in tops {
            for bottom in bottoms {
                guard drawn < Self.maxCombinations else { break combinations }
                drawn += 1
                let avatar = ["Top": top.id, "Bottom": bottom.id]
                let current = player.avatar["Top"] == top.id && player.avatar["Bottom"] == bottom.id ? " class=\"current\"" : ""
                gallery += """
                    <form method="post" action="/gamesystem/avatar">\(routes.token.field)<input type="hidden" name="top" value="\(top.id)">\
                    <input type="hidden" name="bottom" value="\(bottom.id)">\
                    <button id="combo-\(top.id)-\(bottom.id)"\(current)>\(AvatarSVG.draw(avatar, components: components))\
                    <span>\(HTML.escape(top.name)) + \(HTML.escape(bottom.name))</span></button></form>
                    """
            }
        }
        let (product, overflow) = tops.count.multipliedReportingOverflow(by: bottoms.count)
        let left = (overflow ? Int.max : product) - drawn
        let more = left > 0 ? "<p>… and \(left) more combinations not drawn.</p>" : ""
        return """
            <h2>Avatar</h2>
            <form method="post" action="/gamesystem/avatar" id="avatar-form">\(routes.token.field)\(select("Top", tops))\(select("Bottom", bottoms))\
            <button id="avatar-save">Change the avatar</button></form>
            <h3>Every Top and Bottom</h3>
            <div class="gallery" id="gallery">\(gallery)</div>\(more)
            """
    }
}
