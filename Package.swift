// swift-tools-version:6.0
import PackageDescription

// The parts and who may import whom are laid out in ARCHITECTURE.md; `swift build
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
// And a value of a type with several counted fields (a `BookSnapshot`, an event holding one) is
// copied and destroyed through its type's metadata, by default, to keep code small: an indirect
// call per copy into the type's value witnesses. `-disable-type-layout` has the compiler copy
// and release the fields in place instead (a change of code, not of layout or ABI).
let hotPathSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked", "-Xfrontend", "-disable-type-layout"], .when(configuration: .release)),
]

let package = Package(
    name: "Tickwork",
    products: [
        .executable(name: "tickwork", targets: ["tickwork"]),
        .executable(name: "tickwork-bench", targets: ["tickwork-bench"]),
        .library(name: "FirstSteps", type: .dynamic, targets: ["FirstSteps"]),
        .library(name: "MarketMaker", type: .dynamic, targets: ["MarketMaker"]),
        .library(name: "BlockBuyer", type: .dynamic, targets: ["BlockBuyer"]),
        .library(name: "Momentum", type: .dynamic, targets: ["Momentum"]),
        .library(name: "RunUp", type: .dynamic, targets: ["RunUp"]),
    ],
    dependencies: [
        .package(path: "strategies/StrategyKit"),
    ],
    targets: [
        // Parts (Sources/<Part>), lowest first.
        .target(name: "MatchingEngine", dependencies: [strategyKit]),
        .target(name: "Risk", dependencies: [strategyKit], swiftSettings: hotPathSettings),
        .target(name: "Wire", dependencies: [strategyKit], exclude: ["README.md"]),
        .target(name: "CThreadName"),
        .target(name: "Lifecycle", dependencies: ["CThreadName"], exclude: ["README.md"]),
        // Durable file writes (atomic replace, directories whose entries survive a crash) and the
        // system calls behind them, for every part that saves a file.
        .target(name: "SystemIO", exclude: ["README.md"]),
        .target(name: "Ledger", dependencies: [strategyKit, "Wire", "Lifecycle", "SystemIO"], exclude: ["FORMAT.md"]),
        // The system OpenSSL (libssl-dev), for TLS under the HTTP client.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // RFC 6455: the WebSocket codec (frames, masking, fragments, close codes, the handshake's key).
        .target(name: "WebSocket", dependencies: ["COpenSSL"], exclude: ["README.md"]),
        .target(name: "HTTP", dependencies: ["COpenSSL", "Lifecycle", "Wire", "CZlib", "WebSocket"], exclude: ["README.md"]),
        // The system SQLite (libsqlite3-dev), under the trading history's database.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "History", dependencies: [strategyKit, "CSQLite", "Ledger", "Lifecycle", "SystemIO", "Wire"], exclude: ["README.md", "HISTORY.md"]),
        // The system zlib (zlib1g-dev), for the CRC-32 of the compact recording form's records and HTTP's gzip bodies.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "Brokerage", dependencies: [strategyKit], exclude: ["README.md"]),
        // The quote sources' contract (`QuoteSource`, `DayQuote`), which Quotes and Alpaca implement.
        .target(name: "Quoting", dependencies: [strategyKit], exclude: ["README.md"]),
        // What every API client shares: transports, retry policy, rate limiter, API keys.
        .target(name: "APIClient", dependencies: [strategyKit, "HTTP", "Wire", "Lifecycle"], exclude: ["README.md"]),
        .target(name: "StockFighter", dependencies: [strategyKit, "APIClient", "Wire", "Brokerage", "HTTP", "WebSocket"]),
        .target(name: "Alpaca", dependencies: [strategyKit, "APIClient", "Wire", "Brokerage", "Quoting", "Lifecycle", "HTTP", "WebSocket"], exclude: ["README.md"]),
        // SEC EDGAR: company list, submissions and XBRL facts, and the filings chain.
        .target(name: "Edgar", dependencies: [strategyKit, "APIClient", "HTTP", "Wire", "SystemIO"], exclude: ["README.md"]),
        // Quote sources (Finnhub, and the simulated exchange through its Finnhub API), the symbol
        // directory (its CSV compiled in) and the watch lists' file.
        .target(
            name: "Quotes", dependencies: [strategyKit, "Quoting", "HTTP", "Wire", "SystemIO"],
            exclude: ["README.md", "Directory/PROVENANCE.md", "Directory/etfs.csv"], resources: [.embedInCode("Directory/symbols.csv")]),
        // Tests' and benchmarks' TLS: a TLS front for a loopback server, certificates made in a test.
        .target(name: "HTTPTesting", dependencies: ["HTTP", "COpenSSL", "Lifecycle"]),
        .target(name: "SimulatedMarket", dependencies: ["MatchingEngine", "HTTP", "Wire", "Lifecycle", "Quotes", "Quoting", "WebSocket", strategyKit], exclude: ["README.md", "Levels/CALIBRATION.md"]),
        .target(name: "Trading", dependencies: [strategyKit, "Risk"], exclude: ["README.md"], swiftSettings: hotPathSettings),
        // Recordings: their forms, readers and writers, and the session recorder.
        .target(
            name: "Recording", dependencies: [strategyKit, "Trading", "Wire", "Lifecycle", "CZlib"], exclude: ["README.md", "RECORDINGS.md"],
            swiftSettings: hotPathSettings),
        // A backtest's metrics and their presentation: report.json, equity.csv, report.html, SVG charts.
        .target(
            name: "Reports", dependencies: [strategyKit, "Risk", "Trading", "Wire", "Recording"], exclude: ["README.md"],
            swiftSettings: hotPathSettings),
        .target(
            name: "Backtest", dependencies: [strategyKit, "Trading", "Recording", "Reports"], exclude: ["FILL-MODEL.md"],
            swiftSettings: hotPathSettings),
        // Parameter sweeps: many backtests over one grid, on this machine's cores or as a planned
        // directory of cells that Slurm runs.
        .target(name: "Sweeps", dependencies: ["Backtest", "Recording", "Reports", "Wire", strategyKit], exclude: ["README.md"]),
        .target(name: "Notify", dependencies: [strategyKit, "HTTP", "Lifecycle", "Wire"], exclude: ["README.md"]),
        .target(name: "Live", dependencies: [strategyKit, "Risk", "Ledger", "SystemIO", "Lifecycle", "Brokerage", "Trading", "Recording", "Wire", "History", "Notify"], exclude: ["README.md"]),
        .target(name: "Monitor", dependencies: [strategyKit, "Risk", "Trading", "Reports", "Ledger", "Live", "History", "HTTP", "Lifecycle", "Wire", "Notify"], exclude: ["README.md"]),
        // The command-line framework: commands as data, typed options and arguments, parsing, help.
        .target(name: "CommandLineKit", exclude: ["README.md"]),
        .target(
            name: "TickworkCLI",
            dependencies: [strategyKit, "CommandLineKit", "Risk", "Ledger", "SystemIO", "APIClient", "StockFighter", "Alpaca", "Brokerage", "SimulatedMarket", "Trading", "Live", "Monitor", "Backtest", "Recording", "Reports", "Sweeps", "Lifecycle", "Wire", "COpenSSL", "Quotes", "Quoting", "History", "Notify", "Edgar"],
            exclude: ["README.md"]),
        .executableTarget(name: "tickwork", dependencies: ["TickworkCLI"]),
        .executableTarget(
            name: "tickwork-bench", dependencies: [strategyKit, "MatchingEngine", "Risk", "Ledger", "Lifecycle", "APIClient", "StockFighter", "Alpaca", "Trading", "Live", "Monitor", "HTTP", "HTTPTesting", "SimulatedMarket", "Backtest", "Recording", "Wire", "Quotes", "Quoting", "History", "Notify", "Sweeps", "Edgar", "WebSocket"],
            exclude: ["README.md", "gate-baseline.json"]),

        // Shipped strategies: one dynamic library (lib<Name>.so) each.
        .target(name: "FirstSteps", dependencies: [strategyKit], path: "strategies/FirstSteps/Sources/FirstSteps"),
        .target(
            name: "MarketMaker", dependencies: [strategyKit], path: "strategies/MarketMaker/Sources/MarketMaker",
            swiftSettings: hotPathSettings),
        .target(name: "BlockBuyer", dependencies: [strategyKit], path: "strategies/BlockBuyer/Sources/BlockBuyer"),
        .target(name: "Momentum", dependencies: [strategyKit], path: "strategies/Momentum/Sources/Momentum"),
        .target(name: "RunUp", dependencies: [strategyKit], path: "strategies/RunUp/Sources/RunUp"),

        // Tests (Tests/<Part>Tests), and the fixtures they share: TestSupport needs only the SDK (the
        // plugins' tests use it too); MarketTestSupport adds the simulated market it starts;
        // TradingTestSupport adds the trading kernel, for the kernel's tests and the live driver's.
        .target(name: "TestSupport", dependencies: [strategyKit, "Lifecycle"], path: "Tests/TestSupport"),
        .target(name: "MarketTestSupport", dependencies: ["SimulatedMarket", "HTTP", "WebSocket", strategyKit], path: "Tests/MarketTestSupport"),
        .testTarget(name: "StrategyKitTests", dependencies: [strategyKit, "TestSupport"]),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport", strategyKit]),
        .testTarget(name: "WireTests", dependencies: ["Wire", strategyKit]),
        .testTarget(name: "MatchingEngineTests", dependencies: ["MatchingEngine", strategyKit]),
        .testTarget(name: "RiskTests", dependencies: ["Risk", "TestSupport", strategyKit]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "SystemIO", "Wire", "TestSupport", strategyKit]),
        .testTarget(name: "LifecycleTests", dependencies: ["Lifecycle"]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "Ledger", "TestSupport", strategyKit]),
        .testTarget(name: "WebSocketTests", dependencies: ["WebSocket"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "HTTPTesting", "TestSupport", "WebSocket"]),
        .testTarget(name: "APIClientTests", dependencies: ["APIClient", strategyKit]),
        .testTarget(name: "StockFighterTests", dependencies: ["StockFighter", "APIClient", "Brokerage", "HTTP", "HTTPTesting", "SimulatedMarket", "MarketTestSupport", "TestSupport", "Wire", "Live", strategyKit]),
        .testTarget(name: "EdgarTests", dependencies: ["Edgar", "APIClient", "HTTP", "SystemIO", "TestSupport", "Wire", strategyKit]),
        .target(name: "AlpacaTestSupport", dependencies: ["Alpaca", "APIClient", "HTTP", "Wire", strategyKit], path: "Tests/AlpacaTestSupport"),
        .testTarget(name: "AlpacaTests", dependencies: ["Alpaca", "AlpacaTestSupport", "SimulatedMarket", "MarketTestSupport", "APIClient", "Brokerage", "Quoting", "Lifecycle", "HTTP", "Live", "TestSupport", "Wire", strategyKit]),
        .testTarget(name: "QuotesTests", dependencies: ["Quotes", "Quoting", "SimulatedMarket", "MarketTestSupport", "SystemIO", "Lifecycle", "TestSupport", strategyKit]),
        .testTarget(name: "SimulatedMarketTests", dependencies: ["SimulatedMarket", "MatchingEngine", "HTTP", "Lifecycle", "MarketTestSupport", "Quotes", "Quoting", "TestSupport", "Wire", "WebSocket", strategyKit]),
        .target(name: "TradingTestSupport", dependencies: [strategyKit, "Risk", "TestSupport", "Trading"], path: "Tests/TradingTestSupport"),
        .testTarget(name: "TradingTests", dependencies: ["Trading", "Risk", "TestSupport", "TradingTestSupport", strategyKit]),
        .testTarget(name: "LiveTests", dependencies: ["Trading", "Live", "Notify", "History", "Lifecycle", "Brokerage", "Risk", "Ledger", "StockFighter", "Alpaca", "TestSupport", "TradingTestSupport", "Wire", strategyKit]),
        .testTarget(
            name: "BacktestTests", dependencies: ["Backtest", "Recording", "Reports", "Sweeps", "Trading", "Live", "Risk", "Ledger", "MarketMaker", "SimulatedMarket", "TestSupport", strategyKit],
            linkerSettings: pluginTestLinking),
        .testTarget(name: "SweepsTests", dependencies: ["Sweeps", "Backtest", "Recording", "Reports", "TestSupport", strategyKit]),
        .testTarget(
            name: "FirstStepsTests", dependencies: ["FirstSteps", "TestSupport", strategyKit],
            path: "strategies/FirstSteps/Tests/FirstStepsTests", linkerSettings: pluginTestLinking),
        .testTarget(
            name: "MarketMakerTests", dependencies: ["MarketMaker", "TestSupport", strategyKit],
            path: "strategies/MarketMaker/Tests/MarketMakerTests", linkerSettings: pluginTestLinking),
        .testTarget(
            name: "BlockBuyerTests", dependencies: ["BlockBuyer", "TestSupport", strategyKit],
            path: "strategies/BlockBuyer/Tests/BlockBuyerTests", linkerSettings: pluginTestLinking),
        .testTarget(
            name: "MomentumTests", dependencies: ["Momentum", "TestSupport", strategyKit],
            path: "strategies/Momentum/Tests/MomentumTests", linkerSettings: pluginTestLinking),
        .testTarget(
            name: "RunUpTests", dependencies: ["RunUp", "TestSupport", strategyKit],
            path: "strategies/RunUp/Tests/RunUpTests", linkerSettings: pluginTestLinking),
        .testTarget(name: "NotifyTests", dependencies: ["Notify", "HTTP", "HTTPTesting", "Lifecycle", "TestSupport", "Wire", strategyKit]),
        .testTarget(name: "MonitorTests", dependencies: ["Monitor", "Live", "Notify", "Trading", "Ledger", "History", "HTTP", "Lifecycle", "Risk", "TestSupport", "TradingTestSupport", strategyKit]),
        .testTarget(
            name: "TickworkCLITests",
            dependencies: [
                "TickworkCLI", "CommandLineKit", "Lifecycle", "Backtest", "Reports", "Sweeps", "TestSupport", "Alpaca", "Wire", "Live", "Trading", "Quotes", "Quoting", strategyKit,
                "APIClient", "Edgar", "History", "Monitor", "SimulatedMarket", "MarketTestSupport", "TradingTestSupport",
            ]),
        // The performance gate's comparison and baseline file, tested in the benchmark executable.
        .testTarget(name: "TickworkBenchTests", dependencies: ["tickwork-bench"]),
        .testTarget(name: "EndToEndTests", dependencies: [strategyKit, "Risk", "Trading", "Live", "Ledger", "History", "Backtest", "Recording", "Sweeps", "SimulatedMarket", "HTTP", "HTTPTesting", "TestSupport", "AlpacaTestSupport", "MarketTestSupport"], exclude: ["Snapshots"]),
    ]
)
