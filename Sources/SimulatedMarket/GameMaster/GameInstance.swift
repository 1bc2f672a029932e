import StrategyKit
import Synchronization

/// One player's game of one level: a market of its own (the level's stock on the instance's
/// venue, its bots seeded from the seed, the player's key the only one in force, for the
/// instance's fresh account), the REST API and feeds over it, and its judge, which the game
/// master runs after every step of the bots: fills to verdict, the target revealed when the
/// rules say, and time up once the level's days of bot steps have passed.
final class GameInstance: Sendable {
    let account: Account
    let venue: Venue
    let router: VenueRouter
    let feeds: StockFighterStreamRouter
    private let marketplace: Marketplace
    private let judge: LevelJudge
    private let progress: Mutex<Progress>

    private struct Progress {
        var record: GameRecord
        var target: Price?
    }

    /// A fresh market for game `id` of `level` with bots seeded `seed`, trading on `venue` for
    /// `account`, whose key is `key`.
    init(id: Int, level: Level, seed: UInt64, key: String, account: Account, venue: Venue) {
        let configuration = level.instanceConfiguration(venue: venue, account: account, key: key, seed: seed)
        marketplace = Marketplace(configuration: configuration)
        router = VenueRouter(marketplace: marketplace)
        feeds = StockFighterStreamRouter(marketplace: marketplace, openExecutionFeeds: configuration.openExecutionFeeds)
        self.account = account
        self.venue = venue
        judge = level.judge
        let verdict = judge.verdict(fills: [], target: nil, mark: nil, finished: false)
        progress = Mutex(Progress(record: GameRecord(id: id, level: level, seed: seed, key: key, state: .open, verdict: verdict, tradingDay: 1)))
    }

    /// The instance's record now.
    var record: GameRecord { progress.withLock { $0.record } }

    /// Lets the bots take one step, then judges: returns the final record when the judge has
    /// decided or time is up, nil while the game goes on.
    func step() -> GameRecord? {
        marketplace.stepBots()
        let level = progress.withLock { $0.record.level }
        let fills = LevelFill.fills(of: marketplace.orders(of: account, on: venue), symbol: level.symbol)
        let steps = marketplace.botSteps
        var target = progress.withLock { $0.target }
        if judge.targetDue(judge.tally(fills), revealed: target), let fair = marketplace.fairValue(of: level.symbol, on: venue) {
            target = judge.target(atFairValue: fair)
        }
        let verdict = judge.verdict(
            fills: fills, target: target, mark: marketplace.currentQuote(level.symbol, on: venue)?.last, finished: steps >= level.steps)
        return progress.withLock { progress in
            progress.target = target
            progress.record.verdict = verdict
            progress.record.tradingDay = min(steps / max(level.stepsPerDay, 1) + 1, level.days)
            switch verdict.outcome {
            case .running: return nil
            case .passed: progress.record.state = .won
            case .failed: progress.record.state = .lost
            }
            return progress.record
        }
    }

    /// The insider among the instance's bots, on a level that has one.
    var insider: Account? { marketplace.insider(on: venue) }

    /// Judges its player's accusation of `accused` on a level judged on one: the final record,
    /// won when `accused` is the insider, lost otherwise. 400 on a level without an insider.
    func accuse(_ accused: Account) throws(APIFailure) -> GameRecord {
        guard case .nameTheInsider = judge.rules, let insider else {
            throw .badRequest("This level is not judged on an accusation.")
        }
        let verdict = judge.verdict(accusing: accused, insider: insider)
        return progress.withLock { progress in
            progress.record.verdict = verdict
            progress.record.state = verdict.outcome == .passed ? .won : .lost
            return progress.record
        }
    }

    /// Ends the game at its player's word: the final record, stopped (unless already decided).
    func stop() -> GameRecord {
        progress.withLock { progress in
            if progress.record.state == .open { progress.record.state = .stopped }
            return progress.record
        }
    }

    /// Closes the instance's feeds, so that nothing holds its market once the game master lets
    /// go of it.
    func close() {
        _ = marketplace.streams.dropAll()
    }
}
