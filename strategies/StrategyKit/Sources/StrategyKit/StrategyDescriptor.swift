/// The version of the plugin contract. A host loads a plugin whose major version equals its own
/// and whose minor version is not newer than its own.
///
/// 2.0 made the value types a callback sees on every book `@frozen`, which changes how they are
/// laid out and passed between host and plugin: a 1.x plugin must be rebuilt. 2.1 added
/// `Price.maxAccepted`, `Quantity.maxAccepted` and `Quantity.addingSaturated(_:)`, and made
/// `mid`, `microPrice`, `spread` and the sizes of a book defined for any numbers: a 2.1 plugin
/// may call them, so a 2.0 host refuses it. 2.2 added `Position.checkedApplying(_:)` and
/// `PositionChange` (a fill's effect on a position without trapping on overflow), and
/// `SplitMix64` (a seeded generator, moved from the simulated market). 3.0 changed the unit of
/// `Price` and `Money` from cents to $0.0001 (`units`, with `init(cents:)` still exact): the
/// same bits mean another amount, so a 2.x plugin must be rebuilt, and a 3.0 host refuses it.
/// 3.1 added the one-order pass of `touch(excluding:)`. 3.2 added `BookView` and the strategy
/// callback that takes it, `onBook(_ view: BookView, context:)` (which the engine calls for a
/// strategy whose `readsBookView` is true), with a default that calls the `BookSnapshot` one:
/// a 3.1 plugin loads as before, and a 3.2 plugin needs a 3.2 host. 4.0 made `onBook` one
/// callback taking a `BookView` (the `BookSnapshot` callback and `readsBookView` are gone), added
/// trades, bars, timers and sessions (`onTrade`, `onBar`, `onTimer`, `onSession`,
/// `StrategyContext.session`), stops, trailing stops, time in force, order groups and replace
/// (`OrderRequest.trigger`, `.timeInForce`, `Intent.placeGroup`, `.replace`, `.setTimer`), and the
/// indicator kit; `OrderRequest`, `OpenOrder`, `OrderStatus` and `StrategyContext` gained stored
/// properties, so a 3.x plugin must be rebuilt, and a 4.0 host refuses it. 4.1 added `Filing` and
/// `onFiling` (with a default that does nothing, so a 4.0 plugin loads as before; a 4.1 plugin
/// needs a 4.1 host).
@frozen
public struct SDKVersion: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    @inlinable
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The version this copy of StrategyKit implements. `@inlinable` so that a plugin records
    /// the version it was compiled against, not the one it happens to be loaded with.
    @inlinable
    public static var current: SDKVersion { SDKVersion(major: 4, minor: 1) }

    /// Whether a host of version `self` can load a plugin built against `plugin`.
    public func canLoad(_ plugin: SDKVersion) -> Bool {
        plugin.major == major && plugin.minor <= minor
    }

    public static func < (lhs: SDKVersion, rhs: SDKVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    public var description: String { "\(major).\(minor)" }
}

/// What a plugin says about its strategy: name, versions, parameters, and how to make one.
public struct StrategyDescriptor: Sendable {
    /// The strategy's name, unique among loaded plugins; configurations refer to it.
    public var name: String
    /// The strategy's own version.
    public var version: String
    /// The StrategyKit version the plugin was built against.
    public var sdkVersion: SDKVersion
    /// One line saying what the strategy does.
    public var summary: String
    /// The parameters the strategy accepts.
    public var parameters: [ParameterSpec]
    /// Makes a strategy instance from validated parameters; throws if they are unusable together.
    public var factory: @Sendable (StrategyParameters) throws -> any Strategy

    /// A plugin's descriptor, recording the SDK the plugin was compiled against: this
    /// initializer is `@inlinable`, so `SDKVersion.current` is read in the plugin's own code. (A
    /// default argument would not do: in a library-evolution module it is evaluated by the SDK,
    /// so a plugin would report whatever SDK loaded it.)
    @inlinable
    public init(
        name: String, version: String, summary: String, parameters: [ParameterSpec],
        factory: @escaping @Sendable (StrategyParameters) throws -> any Strategy
    ) {
        self.init(name: name, version: version, sdkVersion: .current, summary: summary, parameters: parameters, factory: factory)
    }

    /// A descriptor that names its SDK version explicitly (tests, and a host describing a plugin).
    public init(
        name: String, version: String, sdkVersion: SDKVersion, summary: String,
        parameters: [ParameterSpec], factory: @escaping @Sendable (StrategyParameters) throws -> any Strategy
    ) {
        self.name = name
        self.version = version
        self.sdkVersion = sdkVersion
        self.summary = summary
        self.parameters = parameters
        self.factory = factory
    }

    /// Validates `values` against the declared parameters and makes a strategy.
    public func makeStrategy(values: [String: ParameterValue]) throws -> any Strategy {
        try factory(StrategyParameters(schema: parameters, values: values))
    }
}
