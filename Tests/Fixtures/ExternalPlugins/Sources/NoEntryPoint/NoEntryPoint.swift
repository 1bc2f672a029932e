import StrategyKit

/// A library that uses StrategyKit but exports no plugin entry point.
public final class Forgotten: Strategy {
    public init() {}
}
