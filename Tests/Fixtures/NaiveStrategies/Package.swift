// swift-tools-version:6.0
import PackageDescription

// A deliberately naive strategy, built outside the Tickwork package as a user's own would be:
// `scripts/levels.sh` plays the practice levels with it to show that they can be lost.
let package = Package(
    name: "NaiveStrategies",
    products: [.library(name: "Sweeper", type: .dynamic, targets: ["Sweeper"])],
    dependencies: [.package(path: "../../../strategies/StrategyKit")],
    targets: [.target(name: "Sweeper", dependencies: ["StrategyKit"])]
)
