import Recording
import StrategyKit
import Trading

/// Live-session parity: feeds every recorded input of a session to an engine built like the
/// live one, and checks that it takes exactly the recorded actions, in order. This is how a
/// user proves that a backtest runs the same code and decisions as live.
///
/// `start` and `stop` records call `TradingEngine.start` and `stop`; the other inputs go to
/// `handle`; fills are outcomes and are not compared. The engine must begin as the live one did
/// (the same configuration, and the fills its ledger held restored before the session).
public enum SessionReplay {
    /// What the replay found.
    public enum Outcome: Hashable, Sendable {
        /// Every action matched: `inputs` fed, `actions` compared.
        case identical(inputs: Int, actions: Int)
        /// The first difference: at record `record` (1 = first after the header), the recording
        /// has `expected` and the engine produced `actual` (nil: nothing there).
        case diverged(record: Int, expected: RecordedEvent?, actual: RecordedEvent?)
    }

    /// Replays `reader` into `engine` and compares; stops at the first divergence.
    public static func run(_ reader: any RecordingReader, engine: TradingEngine) throws(BacktestError) -> Outcome {
        var produced: [RecordedEvent] = []
        var inputs = 0
        var actions = 0
        var record = 0
        while let event = try reader.next() {
            record += 1
            switch event.role {
            case .outcome:
                continue
            case .action:
                guard !produced.isEmpty else { return .diverged(record: record, expected: event, actual: nil) }
                let actual = produced.removeFirst()
                guard actual == event else { return .diverged(record: record, expected: event, actual: actual) }
                actions += 1
            case .input:
                if let extra = produced.first { return .diverged(record: record, expected: nil, actual: extra) }
                inputs += 1
                let time = event.time
                let taken: [EngineAction]
                do {
                    switch event {
                    case .start: taken = try engine.start(at: time)
                    case .stop: taken = engine.stop(at: time)
                    default: taken = try event.engineEvent.map { try engine.handle($0) } ?? []
                    }
                } catch {
                    throw .engine(reason: "\(error)")
                }
                produced = taken.flatMap { RecordedEvent.records(of: $0, at: time) }
            }
        }
        if let extra = produced.first { return .diverged(record: record + 1, expected: nil, actual: extra) }
        return .identical(inputs: inputs, actions: actions)
    }
}
