import Quoting
import StrategyKit

/// How the simulated exchange serves SEC EDGAR's company list, submissions and XBRL facts next
/// to its other APIs: which companies, how often they file something new, and the rate limit.
public struct EdgarConfiguration: Sendable {
    /// The symbol directory whose companies are served with their real CIKs beside the
    /// exchange's own stocks (entries without a CIK are not); the command line gives the one
    /// `tickwork symbols` searches. Empty by default.
    public var directory: [DirectoryEntry] = []
    /// How often a few companies file something new (an 8-K, a Form 4, now and then a 10-Q)
    /// while the exchange runs, accepted at the wall clock's time: three minutes by default; nil
    /// files nothing new but on `VenueServer.fileEdgarFilings()`.
    public var filingInterval: Duration? = .seconds(180)
    /// How many companies file at each `filingInterval`.
    public var filersPerInterval: Int = 3
    /// Requests each client (by its address, not its port) may make a second before 429, and
    /// in a burst: 10, EDGAR's fair-access limit.
    public var requestsPerSecond: Int = 10
    /// When the generated filing history ends; nil (the default) takes the time the exchange
    /// starts. Tests fix it so that the same seed gives the same documents on any day.
    public var historyEnd: Timestamp?

    /// The defaults: no directory, new filings every three minutes, 10 requests a second.
    public init() {}
}
