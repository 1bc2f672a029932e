import StrategyKit
import Synchronization

/// The game's master: starts level instances on request (each a `GameInstance` with a market of
/// its own), finds the instance serving a venue, steps and judges every live instance (on the
/// exchange's one game-master timer), ends them on their deadline or their player's stop, and
/// keeps a small record of the last ended ones. Only the key that started an instance may see
/// or act on it. Its timer thread starts with the first instance, so that an exchange nobody
/// plays on runs none.
final class GameMaster: Sendable {
    let configuration: GameMasterConfiguration
    private let access: AccessControl
    /// The exchange's own venues, never handed to an instance.
    private let reserved: Set<Venue>
    private let state = Mutex(State())
    private let timer = Mutex(Timer.idle)
    /// The venues requests are routed to (live instances' and closing ones'): read without the
    /// lock on every request, so that an exchange without games pays nothing for them.
    private let routedVenues = Atomic<Int>(0)

    private enum Timer {
        case idle
        case running(BotTimer)
        case stopped
    }

    private struct State {
        var live: [Int: GameInstance] = [:]
        var byVenue: [Venue: GameInstance] = [:]
        /// Instances the judge ended whose markets still answer until the step given, so that
        /// their players' daemons cancel and stop cleanly.
        var closing: [(instance: GameInstance, until: Int)] = []
        /// The game master's steps so far.
        var steps = 0
        var ended: [Int: GameRecord] = [:]
        /// The ended instances' ids, oldest first.
        var endedOrder: [Int] = []
        var nextID = 1
        var random = SystemRandomNumberGenerator()
    }

    /// A game master for the exchange whose keys `access` checks and whose venues are `reserved`.
    init(configuration: GameMasterConfiguration, access: AccessControl, reserved: Set<Venue>) {
        self.configuration = configuration
        self.access = access
        self.reserved = reserved
    }

    /// The live instance whose venue the StockFighter path `path` names
    /// (`/ob/api/venues/:venue/...` or `/ob/api/ws/:account/venues/:venue/...`), if any.
    func instance(servingPath path: Substring) -> GameInstance? {
        guard routedVenues.load(ordering: .relaxed) > 0, let venue = Self.venue(in: path) else { return nil }
        return instance(on: venue)
    }

    /// The instance whose venue is `venue` (live, or ended and still answering), if any.
    func instance(on venue: Venue) -> GameInstance? {
        state.withLock { $0.byVenue[venue] }
    }

    /// The venue a StockFighter REST or feed path names, or nil for another path.
    static func venue(in path: Substring) -> Venue? {
        var rest: Substring
        if path.hasPrefix("/ob/api/venues/") {
            rest = path.dropFirst("/ob/api/venues/".count)
        } else if path.hasPrefix("/ob/api/ws/") {
            let afterAccount = path.dropFirst("/ob/api/ws/".count).drop { $0 != "/" }
            guard afterAccount.hasPrefix("/venues/") else { return nil }
            rest = afterAccount.dropFirst("/venues/".count)
        } else {
            return nil
        }
        rest = rest.prefix { $0 != "/" }
        return rest.isEmpty ? nil : Venue(String(rest))
    }

    /// Starts `levelName` (the game's name or the command line's) for `key`, its bots seeded
    /// `seed` (a random seed when nil).
    func start(_ levelName: Substring, seed: UInt64?, key: String?) throws(APIFailure) -> GameInstance {
        let key = try authenticate(key)
        guard let level = configuration.levels.first(where: { $0.gameName == levelName || $0.name == levelName }) else {
            throw .notFound("No such level: \(levelName).")
        }
        return try state.withLock { state throws(APIFailure) in
            let id = state.nextID
            state.nextID += 1
            return try open(id: id, level: level, seed: seed, key: key, in: &state)
        }
    }

    /// Stops the timer for good (the exchange is stopping); harmless to call again.
    func stopTimer() {
        let running = timer.withLock { timer -> BotTimer? in
            defer { timer = .stopped }
            if case .running(let running) = timer { return running }
            return nil
        }
        running?.stop()
    }

    /// The record of instance `id`, live or ended, for its owner.
    func record(_ id: Int, key: String?) throws(APIFailure) -> GameRecord {
        let key = try authenticate(key)
        return try state.withLock { state throws(APIFailure) in
            let record = try Self.find(id, in: state).record
            try Self.checkOwner(record, key: key)
            return record
        }
    }

    /// The live instance `id`, for its owner (409 once it has ended).
    func live(_ id: Int, key: String?) throws(APIFailure) -> GameInstance {
        let key = try authenticate(key)
        return try state.withLock { state throws(APIFailure) in
            let found = try Self.find(id, in: state)
            try Self.checkOwner(found.record, key: key)
            guard let instance = found.instance else { throw APIFailure(status: 409, message: "Instance \(id) has ended.") }
            return instance
        }
    }

    /// Ends instance `id` at its owner's word and frees its market; an ended one stays as it was.
    func stop(_ id: Int, key: String?) throws(APIFailure) {
        let key = try authenticate(key)
        let stopped = try state.withLock { state throws(APIFailure) -> GameInstance? in
            let found = try Self.find(id, in: state)
            try Self.checkOwner(found.record, key: key)
            guard let instance = found.instance else { return nil }
            retire(instance, record: instance.stop(), in: &state)
            return instance
        }
        stopped?.close()
    }

    /// Replaces instance `id` with a fresh market and account for the same level and owner,
    /// its bots seeded `seed` or else as before.
    func restart(_ id: Int, seed: UInt64?, key: String?) throws(APIFailure) -> GameInstance {
        let key = try authenticate(key)
        let (old, new) = try state.withLock { state throws(APIFailure) -> (GameInstance?, GameInstance) in
            let found = try Self.find(id, in: state)
            try Self.checkOwner(found.record, key: key)
            if let instance = found.instance {
                retire(instance, record: instance.stop(), in: &state)
            }
            state.ended.removeValue(forKey: id)
            state.endedOrder.removeAll { $0 == id }
            let record = found.record
            let new = try open(id: id, level: record.level, seed: seed ?? record.seed, key: key, in: &state)
            return (found.instance, new)
        }
        old?.close()
        return new
    }

    /// Steps and judges every live instance once; those the judge decided, or whose time is up,
    /// end, and their markets are freed `endedMarketGraceSteps` steps later.
    func step() {
        guard routedVenues.load(ordering: .relaxed) > 0 else { return }
        let (live, expired) = state.withLock { state in
            state.steps += 1
            let steps = state.steps
            let expired = state.closing.filter { $0.until <= steps }.map(\.instance)
            state.closing.removeAll { $0.until <= steps }
            for instance in expired { state.byVenue.removeValue(forKey: instance.venue) }
            routedVenues.store(state.byVenue.count, ordering: .relaxed)
            return (Array(state.live.values), expired)
        }
        for instance in expired { instance.close() }
        var ended: [(GameInstance, GameRecord)] = []
        for instance in live {
            if let record = instance.step() { ended.append((instance, record)) }
        }
        guard !ended.isEmpty else { return }
        state.withLock { state in
            // An instance a stop retired while it was being stepped stays as the stop left it.
            for (instance, record) in ended where state.live[record.id] === instance {
                retireDecided(instance, record: record, in: &state)
            }
        }
    }

    /// Judges the accusation of `accused` by instance `id`'s owner, on a level judged on one
    /// (400 on others, 409 once it has ended): the instance ends won or lost, its market freed
    /// as a decided one's is.
    func judge(_ id: Int, accusing accused: Account, key: String?) throws(APIFailure) -> GameRecord {
        let key = try authenticate(key)
        return try state.withLock { state throws(APIFailure) in
            let found = try Self.find(id, in: state)
            try Self.checkOwner(found.record, key: key)
            guard let instance = found.instance else { throw APIFailure(status: 409, message: "Instance \(id) has ended.") }
            let record = try instance.accuse(accused)
            retireDecided(instance, record: record, in: &state)
            return record
        }
    }

    /// Live instances now.
    var liveInstances: Int { state.withLock { $0.live.count } }

    /// The records of ended instances kept now.
    var endedRecords: Int { state.withLock { $0.ended.count } }

    // MARK: Lookups

    /// The caller's key: 401 without one, or with one the exchange's `--accounts` do not know.
    private func authenticate(_ key: String?) throws(APIFailure) -> String {
        guard let key, !key.isEmpty else {
            throw .unauthorized("Not authorized: the game master needs your API key in the X-Starfighter-Authorization header.")
        }
        _ = try access.authenticate(key)
        return key
    }

    private static func find(_ id: Int, in state: State) throws(APIFailure) -> (instance: GameInstance?, record: GameRecord) {
        if let instance = state.live[id] { return (instance, instance.record) }
        if let record = state.ended[id] { return (nil, record) }
        throw .notFound("No instance \(id) (it never existed, or ended too long ago to be remembered).")
    }

    private static func checkOwner(_ record: GameRecord, key: String) throws(APIFailure) {
        guard record.key == key else { throw .unauthorized("Not authorized: instance \(record.id) was started with another API key.") }
    }

    /// Opens instance `id` of `level` for `key`, unless the live-instance caps refuse it 429.
    private func open(id: Int, level: Level, seed: UInt64?, key: String, in state: inout State) throws(APIFailure) -> GameInstance {
        guard state.live.count < configuration.maxLiveInstances else {
            throw APIFailure(status: 429, message: "The game master runs \(configuration.maxLiveInstances) instances already; stop one or wait for one to end.")
        }
        let ownedByKey = state.live.values.count { $0.record.key == key }
        guard ownedByKey < configuration.maxLiveInstancesPerKey else {
            throw APIFailure(status: 429, message: "Your key holds \(configuration.maxLiveInstancesPerKey) live instances already; stop one first.")
        }
        var venue: Venue
        repeat {
            venue = Venue(String(decoding: (0..<4).map { _ in UInt8.random(in: 65...90, using: &state.random) }, as: UTF8.self) + "EX")
        } while reserved.contains(venue) || state.byVenue[venue] != nil
        let letters = String(decoding: (0..<3).map { _ in UInt8.random(in: 65...90, using: &state.random) }, as: UTF8.self)
        let digits = String(decoding: (0..<6).map { _ in UInt8.random(in: 48...57, using: &state.random) }, as: UTF8.self)
        let instance = GameInstance(
            id: id, level: level, seed: seed ?? UInt64.random(in: 1...UInt64(Int64.max), using: &state.random), key: key,
            account: Account(letters + digits), venue: venue)
        state.live[id] = instance
        state.byVenue[venue] = instance
        routedVenues.store(state.byVenue.count, ordering: .relaxed)
        if let interval = configuration.stepInterval {
            timer.withLock { timer in
                guard case .idle = timer else { return }
                timer = .running(BotTimer(interval: interval, name: "venue-gm") { [weak self] in self?.step() })
            }
        }
        return instance
    }

    /// Retires `instance`, which the judge decided, as `record`, its market answering its player
    /// for `endedMarketGraceSteps` more steps, so that its daemon cancels and stops cleanly.
    private func retireDecided(_ instance: GameInstance, record: GameRecord, in state: inout State) {
        retire(instance, record: record, in: &state)
        state.byVenue[instance.venue] = instance
        state.closing.append((instance, state.steps + configuration.endedMarketGraceSteps))
        routedVenues.store(state.byVenue.count, ordering: .relaxed)
    }

    /// Moves `instance` from the live ones to the ended records as `record`, dropping the
    /// oldest record past the configuration's count.
    private func retire(_ instance: GameInstance, record: GameRecord, in state: inout State) {
        state.live.removeValue(forKey: record.id)
        state.byVenue.removeValue(forKey: instance.venue)
        routedVenues.store(state.byVenue.count, ordering: .relaxed)
        state.ended[record.id] = record
        state.endedOrder.append(record.id)
        while state.endedOrder.count > configuration.endedInstancesKept {
            state.ended.removeValue(forKey: state.endedOrder.removeFirst())
        }
    }
}
