import StrategyKit

final class FutureStrategy: Strategy {}

/// Claims to be built against a StrategyKit major version this host does not have.
@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(
        StrategyDescriptor(
            name: "Future", version: "9.0.0", sdkVersion: SDKVersion(major: 5, minor: 0), summary: "From the future.",
            parameters: [], factory: { _ in FutureStrategy() })
    ).retainedPointer()
}
