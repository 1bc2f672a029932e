// swift-tools-version:6.0
import PackageDescription

// The parts and who may import whom are laid out in DESIGN.md; `swift build
// --explicit-target-dependency-import-check error` (run by .ci/run) enforces the rule.
let strategyKit: Target.Dependency = .product(name: "StrategyKit", package: "StrategyKit")

// Every plugin exports the same C entry point, `tickwork_strategy_v1`, one per lib<Name>.so. On
// Linux `swift test` links all test targets, and so all plugins, into one executable, where
// those definitions would clash; the tests never look the entry point up, so any one will do.
let pluginTestLinking: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--allow-multiple-definition"])]

// The trading engine, the backtester and the MarketMaker plugin (the one the backtest benchmark
// runs) run once per book, millions of times a second in a backtest, on one thread. Their
// classes' stored properties are checked for exclusive access at run time, which cost a tenth of
// a backtest; the compile-time checks stay, and debug builds (the tests) keep the run-time ones.
let hotPathSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Tickwork",
    products: [
        .executable(name: "tickwork", targets: ["tickwork"]),
        .executable(name: "tickwork-bench", targets: ["tickwork-bench"]),
        .library(name: "FirstSteps", type: .dynamic, targets: ["FirstSteps"]),
        .library(name: "MarketMaker", type: .dynamic, targets: ["MarketMaker"]),
        .library(name: "BlockBuyer", type: .dynamic, targets: ["BlockBuyer"]),
        .library(name: "Momentum", type: .dynamic, targets: ["Momentum"]),
    ],
    dependencies: [
        .package(path: "strategies/StrategyKit"),
    ],
    targets: [
        // Parts (Sources/<Part>), lowest first.
        .target(name: "MatchingEngine", dependencies: [strategyKit]),
        .target(name: "Risk", dependencies: [strategyKit], swiftSettings: hotPathSettings),
        .target(name: "Wire", dependencies: [strategyKit]),
        .target(name: "Ledger", dependencies: [strategyKit, "Wire"], exclude: ["FORMAT.md"]),
        .target(name: "Lifecycle"),
        .target(name: "HTTP", dependencies: ["Wire"]),
        .target(name: "StockFighter", dependencies: [strategyKit, "HTTP", "Wire"]),
        .target(name: "SimulatedMarket", dependencies: ["MatchingEngine", "HTTP", "Wire", strategyKit], exclude: ["Levels/CALIBRATION.md"]),
        .target(name: "Trading", dependencies: [strategyKit, "Risk"], swiftSettings: hotPathSettings),
        .target(
            name: "Backtest", dependencies: [strategyKit, "Trading", "Wire"], exclude: ["RECORDINGS.md", "FILL-MODEL.md"],
            swiftSettings: hotPathSettings),
        .target(name: "Live", dependencies: [strategyKit, "Risk", "Ledger", "StockFighter", "Trading", "Backtest", "Wire"]),
        .target(name: "TickworkCLI", dependencies: [strategyKit, "Risk", "Ledger", "StockFighter", "SimulatedMarket", "Trading", "Live", "Backtest", "Wire"]),
        .executableTarget(name: "tickwork", dependencies: ["TickworkCLI"]),
        .executableTarget(
            name: "tickwork-bench", dependencies: [strategyKit, "MatchingEngine", "Risk", "Ledger", "StockFighter", "Trading", "Live", "HTTP", "SimulatedMarket", "Backtest"]),

        // Shipped strategies: one dynamic library (lib<Name>.so) each.
        .target(name: "FirstSteps", dependencies: [strategyKit], path: "strategies/FirstSteps/Sources/FirstSteps"),
        .target(
            name: "MarketMaker", dependencies: [strategyKit], path: "strategies/MarketMaker/Sources/MarketMaker",
            swiftSettings: hotPathSettings),
        .target(name: "BlockBuyer", dependencies: [strategyKit], path: "strategies/BlockBuyer/Sources/BlockBuyer"),
        .target(name: "Momentum", dependencies: [strategyKit], path: "strategies/Momentum/Sources/Momentum"),

        // Tests (Tests/<Part>Tests).
        .testTarget(name: "StrategyKitTests", dependencies: [strategyKit]),
        .testTarget(name: "WireTests", dependencies: ["Wire", strategyKit]),
        .testTarget(name: "MatchingEngineTests", dependencies: ["MatchingEngine", "SimulatedMarket", strategyKit]),
        .testTarget(name: "RiskTests", dependencies: ["Risk", "SimulatedMarket", strategyKit]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "Wire", strategyKit]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "StockFighterTests", dependencies: ["StockFighter", "HTTP", "SimulatedMarket", "Wire", strategyKit]),
        .testTarget(name: "SimulatedMarketTests", dependencies: ["SimulatedMarket", "MatchingEngine", "HTTP", "Wire", strategyKit]),
        .testTarget(name: "EngineTests", dependencies: ["Trading", "Live", "Risk", "StockFighter", "SimulatedMarket", strategyKit]),
        .testTarget(
            name: "BacktestTests", dependencies: ["Backtest", "Trading", "Live", "Risk", "Ledger", "MarketMaker", "SimulatedMarket", strategyKit],
            linkerSettings: pluginTestLinking),
        .testTarget(
            name: "FirstStepsTests", dependencies: ["FirstSteps", strategyKit],
            path: "strategies/FirstSteps/Tests/FirstStepsTests", linkerSettings: pluginTestLinking),
        .testTarget(
            name: "MarketMakerTests", dependencies: ["MarketMaker", strategyKit],
            path: "strategies/MarketMaker/Tests/MarketMakerTests", linkerSettings: pluginTestLinking),
        .testTarget(
            name: "BlockBuyerTests", dependencies: ["BlockBuyer", strategyKit],
            path: "strategies/BlockBuyer/Tests/BlockBuyerTests", linkerSettings: pluginTestLinking),
        .testTarget(
            name: "MomentumTests", dependencies: ["Momentum", strategyKit],
            path: "strategies/Momentum/Tests/MomentumTests", linkerSettings: pluginTestLinking),
        .testTarget(name: "TickworkCLITests", dependencies: ["TickworkCLI"]),
        .testTarget(name: "EndToEndTests", dependencies: [strategyKit, "Risk", "Trading", "Live", "Ledger", "Backtest", "SimulatedMarket"], exclude: ["Snapshots"]),
    ]
)
