/// The game master's levels, pace and limits: how many instances may run at once, for one key
/// and in all, and how many ended instances' records are kept for their players to read.
public struct GameMasterConfiguration: Sendable {
    /// The levels players may start (`Level.all`).
    public var levels: [Level] = Level.all
    /// How often the game master steps every live instance's bots and judges it (50 ms, the
    /// levels' `botInterval`); nil steps them only on `VenueServer.stepGameMaster()`, for tests.
    public var stepInterval: Duration? = .milliseconds(50)
    /// How many steps an instance's market still answers after the judge ends the game (40:
    /// two seconds at the default pace), so that its player's daemon can cancel its orders and
    /// stop cleanly; nothing steps or judges it then. A stopped instance's market goes at once.
    public var endedMarketGraceSteps = 40
    /// Live instances one key may hold; one more is refused 429.
    public var maxLiveInstancesPerKey = 16
    /// Live instances in all; one more is refused 429.
    public var maxLiveInstances = 64
    /// The records of ended instances kept (state, verdict, last flash); the oldest goes first.
    public var endedInstancesKept = 64

    /// The defaults above.
    public init() {}
}
