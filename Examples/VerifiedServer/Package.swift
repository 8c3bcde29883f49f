// swift-tools-version:6.1
// A Hummingbird app outside Signet that protects its own routes with SignetHummingbird, depending on
// Signet by path as any server would depend on it by URL.
import PackageDescription

let package = Package(
    name: "VerifiedServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Signet", path: "../..", traits: ["Hummingbird"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "VerifiedServer",
            dependencies: [
                .product(name: "SignetHummingbird", package: "Signet"),
                .product(name: "SignetGameSystem", package: "Signet"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
