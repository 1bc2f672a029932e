import CommandLineKit
import StrategyKit
import Testing

@testable import TickworkCLI

/// The values of the option vocabulary as the real command tree reads them, and each old
/// spelling, which still works for one release and leaves a warning.
@Suite(.timeLimit(.minutes(10))) struct VocabularyParsingTests {
    static func invocation(_ arguments: [String]) throws -> Invocation {
        guard case .run(_, let invocation) = try ArgumentParser.parse(arguments, root: CommandTree.root) else {
            preconditionFailure("\(arguments) names a runnable command")
        }
        return invocation
    }

    static func warnings(_ arguments: [String]) throws -> [String] {
        try invocation(arguments).warnings
    }

    @Test func durationsTakeTheirUnit() throws {
        #expect(try Self.invocation(["watch", "--interval", "2m"])[WatchShow.interval] == .seconds(120))
        #expect(try Self.invocation(["record", "FOOBAR", "--out", "x", "--interval", "500ms"])[Record.interval] == .milliseconds(500))
        #expect(try Self.invocation(["run", "--duration", "1h"])[Run.duration] == .seconds(3_600))
        #expect(try Self.warnings(["run", "--duration", "30s"]).isEmpty)
        #expect(throws: ArgumentParser.UsageError.self) { try Self.invocation(["run", "--duration", "5x"]) }
        #expect(throws: ArgumentParser.UsageError.self) { try Self.invocation(["watch", "--interval", "500ms"]) }
    }

    @Test func aBareNumberIsADurationInItsOldUnitWithAWarning() throws {
        let watch = try Self.invocation(["watch", "--interval", "5"])
        #expect(watch[WatchShow.interval] == .seconds(5))
        #expect(watch.warnings == ["--interval 5: a bare number is seconds for one more release; write the unit (s)"])
        let record = try Self.invocation(["record", "FOOBAR", "--out", "x", "--interval", "250"])
        #expect(record[Record.interval] == .milliseconds(250))
        #expect(record.warnings == ["--interval 250: a bare number is milliseconds for one more release; write the unit (ms)"])
        #expect(try Self.invocation(["run", "--duration", "2"])[Run.duration] == .seconds(2))
        #expect(try Self.invocation(["exchange", "--keep-closed-for", "60"])[ExchangeServe.keepClosedFor] == .seconds(60))
    }

    @Test func pricesAreDollarsOrCentsWithCExactly() throws {
        let place = ["order", "place", "FOOBAR", "buy", "10"]
        #expect(try Self.invocation(place + ["--price", "49.50"])[OrderPlaceCall.price] == Price(units: 495_000))
        #expect(try Self.invocation(place + ["--price", "4950c"])[OrderPlaceCall.price] == Price(units: 495_000))
        #expect(try Self.invocation(place + ["--price", "49.5012"])[OrderPlaceCall.price] == Price(units: 495_012))
        #expect(try Self.invocation(place + ["--price", "4950.12c"])[OrderPlaceCall.price] == Price(units: 495_012))
        #expect(try Self.warnings(place + ["--price", "49.50"]).isEmpty)
        for bad in ["49.50001", "1e2", "$49", "49.", ".5", "-1.00"] {
            #expect(throws: ArgumentParser.UsageError.self, "\(bad)") { try Self.invocation(place + ["--price", bad]) }
        }
        let exits = try Self.invocation(place + ["--price", "40.00", "--bracket", "take-profit=52.00,stop-loss=3800c"])[OrderPlaceCall.bracket]
        #expect(exits?.takeProfit == Price(cents: 5_200) && exits?.stopLoss == Price(cents: 3_800))
    }

    @Test func aBareIntegerPriceIsCentsWithAWarning() throws {
        let place = try Self.invocation(["order", "place", "FOOBAR", "buy", "10", "--price", "4950", "--bracket", "take-profit=5200,stop-loss=4800"])
        #expect(place[OrderPlaceCall.price] == Price(cents: 4_950))
        #expect(place[OrderPlaceCall.bracket]?.takeProfit == Price(cents: 5_200))
        #expect(place.warnings == [
            "--price 4950: a bare integer is cents for one more release; write dollars (49.50) or cents with c (4950c)",
            "--bracket take-profit=5200,stop-loss=4800: a bare integer is cents for one more release; write dollars (52.00) or cents with c (5200c)",
        ])
    }

    @Test func timesAreISOOrRelativeEverywhere() throws {
        let bars = try Self.invocation(["bars", "AAPL", "--from", "3d", "--to", "2026-12-01"])
        #expect(bars[BarsCall.from] != nil && bars[BarsCall.to] == Timestamp(iso8601: "2026-12-01T00:00:00Z"))
        #expect(try Self.invocation(["chart", "AAPL", "--day", "yesterday", "--out", "a.svg"])[ChartCall.day] != nil)
    }

    @Test func sourceIsNowApi() throws {
        let old = try Self.invocation(["watch", "--source", "alpaca"])
        #expect(old[QuoteSourceOptions.source] == .alpaca)
        #expect(old.warnings == ["--source is deprecated: use --api (the old spelling goes in the next release)"])
        let simulated = try Self.invocation(["symbols", "refresh", "--api", "simulated"])
        #expect(simulated[QuoteSourceOptions.source] == .stockfighter)
        #expect(simulated.warnings == ["--api simulated: say stockfighter; simulated goes in the next release"])
    }

    @Test func symbolIsNowTheArgument() throws {
        let record = try Self.invocation(["record", "--out", "x", "--symbol", "FOOBAR"])
        #expect(record.warnings == ["--symbol is deprecated: give the symbol as the SYMBOL argument (it goes in the next release)"])
        #expect(try SymbolArgument.values(record, Record.symbols) == [Symbol("FOOBAR")])
        #expect(try SymbolArgument.values(Self.invocation(["record", "FOOBAR", "BARFOO", "--out", "x"]), Record.symbols) == ["FOOBAR", "BARFOO"])
        for command in [["tail"], ["history", "fills"], ["history", "pnl"], ["flatten"]] {
            let old = try Self.invocation(command + ["--symbol", "FOOBAR"])
            #expect(old.warnings == ["--symbol is deprecated: give the symbol as the SYMBOL argument (it goes in the next release)"])
            let argument = switch command[0] {
            case "tail": Tail.symbol
            case "flatten": OperatorControl.symbol
            default: HistoryOptions.symbol
            }
            #expect(try SymbolArgument.value(old, argument) == Symbol("FOOBAR"))
            #expect(try SymbolArgument.value(Self.invocation(command + ["FOOBAR"]), argument) == Symbol("FOOBAR"))
        }
        #expect(throws: ArgumentParser.UsageError.self) { try Self.invocation(["record", "--out", "x"]) }
        #expect(throws: ArgumentParser.UsageError.self) { try Self.invocation(["record", "FOO", "--symbol", "BAR", "--out", "x"]) }
    }

    @Test func linesIsNowLimit() throws {
        let old = try Self.invocation(["tail", "--lines", "3"])
        #expect(old[Tail.limit] == 3)
        #expect(old.warnings == ["--lines is deprecated: use --limit (the old spelling goes in the next release)"])
        #expect(try Self.invocation(["tail", "-n", "4"])[Tail.limit] == 4)
    }

    @Test func latencyAndFeeCarryTheirUnits() throws {
        let backtest = ["backtest", "--data", "x.twrb", "--strategy", "MarketMaker"]
        let new = try Self.invocation(backtest + ["--latency", "2ms", "--fee", "0.01"])
        #expect(new[BacktestCommand.latency] == .milliseconds(2) && new[BacktestCommand.fee] == Price(cents: 1))
        #expect(new.warnings.isEmpty)
        let old = try Self.invocation(backtest + ["--latency-ms", "2", "--fee-cents", "-1"])
        #expect(old[BacktestCommand.latency] == .milliseconds(2) && old[BacktestCommand.fee] == Price(cents: -1))
        #expect(old.warnings.count == 4, "\(old.warnings)")
    }
}

/// One base URL per API: the StockFighter base of a running exchange serves `watch` too.
@Suite(.timeLimit(.minutes(10))) struct QuoteBaseTests {
    @Test func theStockFighterBaseLeadsToTheSameExchangesQuotes() {
        #expect(QuoteSourceOptions.quoteBase("http://127.0.0.1:8080/ob/api") == "http://127.0.0.1:8080/api/v1")
        #expect(QuoteSourceOptions.quoteBase("http://127.0.0.1:8080/ob/api/") == "http://127.0.0.1:8080/api/v1")
        #expect(QuoteSourceOptions.quoteBase("http://127.0.0.1:8080/api/v1") == "http://127.0.0.1:8080/api/v1")
    }
}
