// swift-tools-version:6.0
import PackageDescription

// Plugins built outside the Tickwork package, against StrategyKit by path, as a user's own
// package would be. The plugin loader tests build this package and load what it produces.
let package = Package(
    name: "ExternalPlugins",
    products: [
        .library(name: "ExternalStrategy", type: .dynamic, targets: ["ExternalStrategy"]),
        .library(name: "FutureSDK", type: .dynamic, targets: ["FutureSDK"]),
        .library(name: "NoEntryPoint", type: .dynamic, targets: ["NoEntryPoint"]),
        .library(name: "PastSDK", type: .dynamic, targets: ["PastSDK"]),
    ],
    dependencies: [.package(path: "../../../strategies/StrategyKit")],
    targets: [
        .target(name: "ExternalStrategy", dependencies: ["StrategyKit"]),
        .target(name: "FutureSDK", dependencies: ["StrategyKit"]),
        .target(name: "NoEntryPoint", dependencies: ["StrategyKit"]),
        .target(name: "PastSDK", dependencies: ["StrategyKit"]),
    ]
)
