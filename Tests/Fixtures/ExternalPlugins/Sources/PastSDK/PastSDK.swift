import StrategyKit

final class PastStrategy: Strategy {}

/// Claims to be built against StrategyKit 2.2, whose prices were cents: a 3.x host refuses it.
@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(
        StrategyDescriptor(
            name: "Past", version: "1.0.0", sdkVersion: SDKVersion(major: 3, minor: 2), summary: "From before SDK 4.0.",
            parameters: [], factory: { _ in PastStrategy() })
    ).retainedPointer()
}
