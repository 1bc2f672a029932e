import StrategyKit
import Trading

/// Hears every call the live runner makes into its engine, with what the call returned, in
/// order: how a live session is recorded for parity replay. Engine only calls it; an
/// implementation (Backtest's `LiveSessionRecorder`) is injected by whoever builds the runner.
///
/// Calls come from the engine's thread. A throw (the recording cannot be written) stops the
/// runner with that error.
public protocol EngineRecorder: AnyObject {
    /// `TradingEngine.start(at:)` returned `actions`.
    func started(at time: Timestamp, actions: [EngineAction]) throws
    /// `TradingEngine.handle(event)` returned `actions`.
    func handled(_ event: EngineEvent, actions: [EngineAction]) throws
    /// `TradingEngine.stop(at:)` returned `actions`.
    func stopped(at time: Timestamp, actions: [EngineAction]) throws
}
