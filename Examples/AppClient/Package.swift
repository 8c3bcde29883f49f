// swift-tools-version:6.1
// An app's dependency on Signet: the client products only, with `traits: []`, so the package pins
// swift-http-types and swift-log and nothing else (CI counts the pins in Package.resolved: check.sh).
import PackageDescription

let package = Package(
    name: "AppClient",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "Signet", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "AppClient",
            dependencies: [
                .product(name: "SignetGameSystem", package: "Signet"),
                .product(name: "SignetURLSession", package: "Signet"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
