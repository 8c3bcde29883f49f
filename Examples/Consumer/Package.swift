// swift-tools-version:6.1
// A separate package that depends on Signet by path, as an app or server outside this repository would.
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Signet", path: "../..", traits: []),  // the client products only
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [
                .product(name: "SignetGameSystem", package: "Signet"),
                .product(name: "SignetCrypto", package: "Signet"),
                // The other service clients, so that CI's ldd check covers them too.
                .product(name: "SignetWorlds", package: "Signet"),
                .product(name: "SignetPuzzles", package: "Signet"),
                .product(name: "SignetConditions", package: "Signet"),
                .product(name: "SignetTrivia", package: "Signet"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
