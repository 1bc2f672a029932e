import Backtest
import CommandLineKit
import FoundationEssentials
import Live
import Recording
import Trading

/// `tickwork backtest --replay`: live-session parity. The session's recorded inputs go into an
/// engine built from the configuration as `tickwork run` builds it, and its actions are
/// compared with the recorded ones.
enum BacktestReplay {
    /// Prints "identical" (exit 0) or the first divergence with both sides (exit 1).
    static func run(_ path: String, configuration: Configuration) throws -> Int32 {
        let scan = try configuration.loadPlugins()
        let instances = try configuration.instantiateStrategies(from: scan)
        let reader = try RecordingFormat.open(path: path, readingAhead: true)
        guard reader.header.kind == .session else {
            throw CLIError.failure("\(path): a books recording, not a live session (record one with recording.path in the configuration)")
        }
        let engine = TradingEngine(
            venue: configuration.exchange.venue, strategies: instances.map(EngineStrategy.init),
            accountLimits: configuration.accountRisk, journal: MemoryFillJournal(),
            logger: Logger(part: "engine", level: .error, handler: StderrLogHandler(style: .text)))
        engine.settlementWindowMs = configuration.settlementWindowMs
        let outcome = try SessionReplay.run(reader, engine: engine)
        for warning in reader.warnings {
            Console.err("tickwork: warning: \(warning)")
        }
        switch outcome {
        case .identical(let inputs, let actions):
            Console.out("identical: \(inputs) inputs replayed, \(actions) actions as recorded")
            return 0
        case .diverged(let record, let expected, let actual):
            Console.out("diverged at record \(record) of \(path)")
            Console.out("  recorded: \(try describe(expected))")
            Console.out("  replayed: \(try describe(actual))")
            return 1
        }
    }

    /// A record as one JSON object, or "nothing".
    private static func describe(_ event: RecordedEvent?) throws -> String {
        guard let event else { return "nothing" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(event), as: UTF8.self)
    }
}
