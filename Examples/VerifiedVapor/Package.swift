// swift-tools-version:6.1
// A Vapor app outside Signet that protects its own routes with SignetVapor, depending on Signet by path as
// any server would depend on it by URL.
import PackageDescription

let package = Package(
    name: "VerifiedVapor",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Signet", path: "../.."),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    ],
    targets: [
        .executableTarget(
            name: "VerifiedVapor",
            dependencies: [
                .product(name: "SignetVapor", package: "Signet"),
                .product(name: "SignetGameSystem", package: "Signet"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
