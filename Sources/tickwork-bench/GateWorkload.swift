import Foundation
import Ledger
import MatchingEngine
import Recording
import Risk
import StrategyKit

/// One fixed workload of the performance gate: its set-up, done before counting starts, returns
/// the work that is counted. Inputs are made by `makeInputs` from fixed seeds into a directory
/// on every run of the gate, so a fresh clone (CI has no network) counts the same work.
struct GateWorkload {
    var name: String
    /// Given the inputs' directory, readies the workload and returns what callgrind counts.
    var setUp: (_ inputs: String) throws -> () throws -> Void

    /// Books in the session every backtest and read replays (`SyntheticSession`).
    static let books = 20_000
    /// Fills appended to a new ledger, and lines of the ledger verified.
    static let fills = 20_000
    /// Matching-engine operations counted, after 1,000 resting orders placed uncounted.
    static let matchingOperations = 200_000

    /// MarketMaker's parameters in the peer benchmark (`samesession/run_all.py`).
    static let marketMaker: [String: ParameterValue] = [
        "reference": .string("mid"), "halfSpreadCents": .integer(15), "quoteSize": .integer(200),
        "skewCentsPer100": .integer(2), "positionLimit": .integer(1_000), "requoteCents": .integer(5),
    ]

    /// Risk limits no order of the workloads reaches, as in the peer benchmark: the count is of
    /// the checks, not of the denials.
    static let limits = RiskLimits(
        maxOrderQty: 1_000_000, maxPosition: 100_000_000, maxNotionalPerOrder: 1_000_000_000_000_000, maxOpenOrders: 1_000,
        priceCollarBasisPoints: 10_000, maxOrdersPerSecond: 100_000, staleBookMs: 1_000_000, maxLoss: 1_000_000_000_000_000)

    /// The session in `format`, as `makeInputs` writes it.
    static func session(_ inputs: String, _ format: RecordingFormat) -> String {
        "\(inputs)/session." + ["jsonLines": "jsonl", "binary": "twrb", "compact": "twrc"][format.rawValue]!
    }

    /// The ledger `ledger.verify` reads.
    static func verifiedLedger(_ inputs: String) -> String { "\(inputs)/verify.ledger" }

    /// Writes every workload's input files into `inputs`: the session in each form and a ledger.
    static func makeInputs(_ inputs: String) throws {
        let generated = "\(inputs)/generated.twrb"
        try SyntheticSession.write(books: books, path: generated)
        for format in RecordingFormat.allCases {
            try RecordingConverter.convert(generated, to: session(inputs, format), format: format)
        }
        try FileManager.default.removeItem(atPath: generated)
        try appendFills(to: LedgerWriter(path: verifiedLedger(inputs), venue: "BENCHEX", account: "BENCH1", durability: .never))
    }

    /// Every workload, in the order of the gate's table.
    static var all: [GateWorkload] {
        RecordingFormat.allCases.flatMap { format in
            [
                backtest("backtest.marketMaker.\(format.rawValue)", format) { try BacktestBench.marketMaker(values: marketMaker) },
                backtest("backtest.idle.\(format.rawValue)", format, strategy: BacktestBench.idle),
            ]
        } + [
            GateWorkload(name: "recording.jsonLines.read") { inputs in
                let reader = try RecordingFormat.open(path: session(inputs, .jsonLines))
                return {
                    let read = try BacktestBench.drain(reader)
                    precondition(read == books, "every book read")
                }
            },
            GateWorkload(name: "ledger.append") { inputs in
                let ledger = try LedgerWriter(path: "\(inputs)/append.ledger", venue: "BENCHEX", account: "BENCH1", durability: .never)
                return { try appendFills(to: ledger) }
            },
            GateWorkload(name: "ledger.verify") { inputs in
                let path = verifiedLedger(inputs)
                return {
                    let verification = try LedgerVerification(path: path)
                    precondition(verification.isClean && verification.state.entryCount == fills, "the ledger verifies")
                }
            },
            GateWorkload(name: "matching") { _ in
                let stream = MatchingBenchStream(operations: matchingOperations, restingOrders: 1_000, seed: 1)
                var book = OrderBook(venue: "BENCHEX", symbol: "BENCH")
                var events: [MatchEvent] = []
                events.reserveCapacity(64)
                stream.replay(stream.operations[..<stream.warmup], on: &book, events: &events)
                return { stream.replay(stream.operations[stream.warmup...], on: &book, events: &events) }
            },
        ]
    }

    /// The backtest of `strategy` over the session in `format`, read on the engine's thread.
    private static func backtest(
        _ name: String, _ format: RecordingFormat, strategy: @escaping () throws -> (strategy: any Strategy, parameters: StrategyParameters)
    ) -> GateWorkload {
        GateWorkload(name: name) { inputs in
            let (strategy, parameters) = try strategy()
            let backtester = BacktestBench.backtester(
                strategy: strategy, parameters: parameters, limits: limits,
                accountLimits: AccountRiskLimits(maxSymbolPosition: 100_000_000, maxLoss: 1_000_000_000_000_000))
            let reader = try RecordingFormat.open(path: session(inputs, format))
            return {
                _ = try backtester.run(reader)
                precondition(backtester.statistics.books == books, "every book replayed")
            }
        }
    }

    /// Appends `fills` fills to `ledger`, a new one that never syncs (the count is of the encoding
    /// and bookkeeping, not of the disk), and closes it.
    private static func appendFills(to ledger: LedgerWriter) throws {
        for order in 0..<fills { _ = try ledger.append(ledgerBenchFill(order)) }
        try ledger.close()
    }
}
