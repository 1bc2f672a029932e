/// The object a plugin's entry point hands to the host.
///
/// A plugin exports exactly one C symbol named `StrategyPlugin.entryPointSymbol`, of type
/// `@convention(c) () -> UnsafeMutableRawPointer`, returning a +1 retained `StrategyPlugin`:
///
/// ```swift
/// @_cdecl("tickwork_strategy_v1")
/// public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
///     StrategyPlugin(descriptor).retainedPointer()
/// }
/// ```
///
/// The symbol's name carries the version of the entry point's shape (unchanged since SDK 1.0), so
/// a host never calls an entry point of an incompatible shape; the descriptor it returns then
/// says which SDK the plugin was built against, and the host checks that before anything else.
public final class StrategyPlugin: Sendable {
    /// The name of the symbol every plugin exports.
    public static let entryPointSymbol = "tickwork_strategy_v1"

    /// The C type of the entry point.
    public typealias EntryPoint = @convention(c) () -> UnsafeMutableRawPointer

    /// What the plugin offers.
    public let descriptor: StrategyDescriptor

    public init(_ descriptor: StrategyDescriptor) {
        self.descriptor = descriptor
    }

    /// Returns this object retained once, for the entry point to return.
    public func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }
}
