import CommandLineKit
import Foundation
import StrategyKit
import Testing
import Trading

@testable import TickworkCLI

/// A `--config` file's strategy as a sweep's base: the file's values stay unless a `--param`
/// names them, and the plugin's defaults are not written over them.
@Suite(.timeLimit(.minutes(10))) struct SweepBaseTests {
    static let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/tickwork.json").path

    @Test func theConfiguredValuesAreTheBaseAndTheGivenOnesReplaceThem() throws {
        var configuration = try DefaultConfiguration.load(Self.config)
        configuration.strategies[0].parameters["quantity"] = .integer(40)
        let scan = try SweepBase.plugins(strategy: nil, configuration: configuration)
        let base = SweepBase.configuration(configuration)
        #expect(try base.strategyName() == "FirstSteps")
        let cell = try base.configuration(texts: ["maxOrderQty": "10"], header: nil, scan: scan)
        #expect(cell.strategies[0].parameters["quantity"] == .integer(40))
        #expect(cell.strategies[0].parameters["maxOrderQty"] == .integer(10))
        #expect(cell.strategies[0].parameters["limitOffsetCents"] == nil)
        #expect(cell.strategies[0].symbols == configuration.strategies[0].symbols)
        #expect(throws: CLIError.self) { try base.configuration(texts: ["maxOrderQty": "0"], header: nil, scan: scan) }
        #expect(throws: CLIError.self) { try base.configuration(texts: ["noSuchParameter": "1"], header: nil, scan: scan) }
    }

    /// `backtest --strategy NAME --market-data NAMES`: every cell's strategy is called with that
    /// data; without it, with every book.
    @Test func aStrategysMarketDataReachesEveryCellsConfiguration() throws {
        let configuration = try DefaultConfiguration.load(Self.config)
        let scan = try SweepBase.plugins(strategy: "MarketMaker", configuration: configuration)
        let quotes = try MarketDataSubscription(parsing: ["quotes", "bars:1Min"])
        for halfSpread in ["1", "2"] {
            let cell = try SweepBase.strategy("MarketMaker", data: quotes).configuration(texts: ["halfSpreadCents": halfSpread], header: nil, scan: scan)
            #expect(cell.strategies.map(\.data) == [quotes])
        }
        let plain = try SweepBase.strategy("MarketMaker").configuration(texts: [:], header: nil, scan: scan)
        #expect(plain.strategies.map(\.data) == [.everyBook])
    }
}
