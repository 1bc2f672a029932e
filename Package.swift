// swift-tools-version:6.0
import PackageDescription

// The parts and who may import whom are laid out in DESIGN.md; `swift build
// --explicit-target-dependency-import-check error` (run by .ci/run) enforces the rule.
let strategyKit: Target.Dependency = .product(name: "StrategyKit", package: "StrategyKit")

let package = Package(
    name: "Tickwork",
    products: [
        .library(name: "FirstSteps", type: .dynamic, targets: ["FirstSteps"]),
    ],
    dependencies: [
        .package(path: "strategies/StrategyKit"),
    ],
    targets: [
        // Parts (Sources/<Part>), lowest first.
        .target(name: "MatchingEngine", dependencies: [strategyKit]),
        .target(name: "HTTP"),
        .target(name: "Exchange", dependencies: [strategyKit, "HTTP"]),
        .target(name: "Venue", dependencies: ["MatchingEngine", "HTTP", strategyKit]),

        .executableTarget(name: "tickwork-bench", dependencies: ["Venue", "HTTP", "Exchange", strategyKit]),

        // Shipped strategies: one dynamic library (lib<Name>.so) each.
        .target(name: "FirstSteps", dependencies: [strategyKit], path: "strategies/FirstSteps/Sources/FirstSteps"),

        // Tests (Tests/<Part>Tests).
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "ExchangeTests", dependencies: ["Exchange", "HTTP", "Venue", strategyKit]),
        .testTarget(name: "VenueTests", dependencies: ["Venue", "HTTP", strategyKit]),
    ]
)
