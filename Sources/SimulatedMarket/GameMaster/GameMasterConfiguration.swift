/// The game master's levels, pace and limits: how many instances may run at once, for one key
/// and in all, and how many ended instances' records are kept for their players to read.
public struct GameMasterConfiguration: Sendable {
    /// The levels players may start (`Level.all`).
    public var levels: [Level] = Level.all
    /// How often the game master steps every live instance's bots and judges it (50 ms, the
    /// levels' `botInterval`); nil steps them only on `VenueServer.stepGameMaster()`, for tests.
    public var stepInterval: Duration? = .milliseconds(50)
    /// Live instances one key may hold; one more is refused 429.
    public var maxLiveInstancesPerKey = 16
    /// Live instances in all; one more is refused 429.
    public var maxLiveInstances = 64
    /// The records of ended instances kept (state, verdict, last flash); the oldest goes first.
    public var endedInstancesKept = 64

    /// The defaults above.
    public init() {}
}
