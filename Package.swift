// swift-tools-version:6.1
// Signet: a request-signing API-client SDK. See README.md and docs/ for the layout and the rules.
import PackageDescription

let package = Package(
    name: "Signet",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SignetCrypto", targets: ["SignetCrypto"]),
        .library(name: "SignetGameSystem", targets: ["SignetGameSystem"]),
        .executable(name: "signet", targets: ["signet"]),
        .executable(name: "signet-bench", targets: ["signet-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // The C boundary: one small inline function per libcrypto call Swift needs.
        .systemLibrary(
            name: "CSignetCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "SignetCrypto", dependencies: ["CSignetCrypto"]),
        .target(
            name: "SignetGameSystem",
            dependencies: [
                "SignetCrypto",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .executableTarget(
            name: "signet",
            dependencies: [
                "SignetCrypto",
                "SignetGameSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The benchmark's baseline: the same libcrypto work done straight from C.
        .target(name: "CSignetBenchFloor", dependencies: ["CSignetCrypto"]),
        .executableTarget(
            name: "signet-bench",
            dependencies: ["SignetCrypto", "SignetGameSystem", "CSignetBenchFloor"]
        ),
        .testTarget(name: "SignetCryptoTests", dependencies: ["SignetCrypto"]),
        .testTarget(name: "SignetGameSystemTests", dependencies: ["SignetGameSystem", "SignetCrypto"]),
        // Runs the built `signet` executable as a user would (exit status, stdout, stderr).
        .testTarget(name: "SignetCLITests", dependencies: ["signet"]),
    ],
    swiftLanguageModes: [.v6]
)
