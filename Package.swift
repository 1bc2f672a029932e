// swift-tools-version:6.0
import PackageDescription

// The parts and who may import whom are laid out in DESIGN.md; `swift build
// --explicit-target-dependency-import-check error` (run by .ci/run) enforces the rule.
let strategyKit: Target.Dependency = .product(name: "StrategyKit", package: "StrategyKit")

let package = Package(
    name: "Tickwork",
    products: [
        .executable(name: "tickwork", targets: ["tickwork"]),
        .executable(name: "tickwork-bench", targets: ["tickwork-bench"]),
        .library(name: "FirstSteps", type: .dynamic, targets: ["FirstSteps"]),
    ],
    dependencies: [
        .package(path: "strategies/StrategyKit"),
    ],
    targets: [
        // Parts (Sources/<Part>), lowest first.
        .target(name: "Risk", dependencies: [strategyKit]),
        .target(name: "Engine", dependencies: [strategyKit, "Risk"]),
        .target(name: "Backtest", dependencies: [strategyKit, "Engine"], exclude: ["RECORDINGS.md", "FILL-MODEL.md"]),
        .target(name: "TickworkCLI", dependencies: [strategyKit, "Risk", "Engine"]),
        .executableTarget(name: "tickwork", dependencies: ["TickworkCLI"]),
        .executableTarget(name: "tickwork-bench", dependencies: [strategyKit, "Risk", "Engine", "Backtest"]),

        // Shipped strategies: one dynamic library (lib<Name>.so) each.
        .target(name: "FirstSteps", dependencies: [strategyKit], path: "strategies/FirstSteps/Sources/FirstSteps"),

        // Tests (Tests/<Part>Tests).
        .testTarget(name: "StrategyKitTests", dependencies: [strategyKit]),
        .testTarget(name: "RiskTests", dependencies: ["Risk", strategyKit]),
        .testTarget(name: "EngineTests", dependencies: ["Engine", "Risk", strategyKit]),
        .testTarget(name: "BacktestTests", dependencies: ["Backtest", "Engine", strategyKit]),
        .testTarget(name: "FirstStepsTests", dependencies: ["FirstSteps", strategyKit], path: "strategies/FirstSteps/Tests/FirstStepsTests"),
        .testTarget(name: "EndToEndTests", dependencies: [strategyKit]),
    ]
)
