// swift-tools-version:6.0
import PackageDescription

// Strategies built outside the Tickwork package, as a user's own would be: a deliberately naive
// one (`scripts/levels.sh` plays the practice levels with it to show that they can be lost), and
// one that places a single bracket (the daemon tests of protective orders).
let package = Package(
    name: "NaiveStrategies",
    products: [
        .library(name: "Sweeper", type: .dynamic, targets: ["Sweeper"]),
        .library(name: "Bracketeer", type: .dynamic, targets: ["Bracketeer"]),
    ],
    dependencies: [.package(path: "../../../strategies/StrategyKit")],
    targets: [
        .target(name: "Sweeper", dependencies: ["StrategyKit"]),
        .target(name: "Bracketeer", dependencies: ["StrategyKit"]),
    ]
)
