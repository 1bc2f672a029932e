import StrategyKit

/// The account's FILL activities from the oldest order asked about on, by order, never one
/// twice (an activity is known by its id). Each order's fills keep the places they were first
/// given: a later refresh appends, so the fill with index `i` stays the same execution for the
/// life of the process even when an execution shows up after a later one of the same
/// millisecond (ids, `<ms>::<uuid>`, sort by time only to the millisecond). Loaded at once,
/// after a restart, they are in the order of their ids.
///
/// Bounded: past `capacity` activities, the orders whose fills began in the older half are
/// dropped, and the time loaded from moves up, so that asking about such an order again loads
/// its fills afresh.
actor FillBook {
    /// How many activities are held at most before the older half is dropped.
    static let capacity = 10_000
    /// How far back each refresh reads again: an execution may become visible a few seconds
    /// after its time, behind ones already read.
    static let lateArrival: Int64 = 5_000_000_000

    private let client: AlpacaClient
    private let capacity: Int
    /// The time activities are loaded from; nil before the first load.
    private var since: Timestamp?
    private var byOrder: [String: [FillActivity]] = [:]
    private var seen: Set<String> = []
    /// The latest transaction time among the activities held.
    private var newest: Timestamp?

    init(client: AlpacaClient, capacity: Int = FillBook.capacity) {
        self.client = client
        self.capacity = capacity
    }

    /// Makes sure every fill after `time` is loaded: from scratch if `time` is before what is
    /// loaded, else only the newer ones.
    func load(since time: Timestamp) async throws(AlpacaError) {
        guard let since, since <= time else {
            // A second of slack: `after` is exclusive and clocks differ.
            let from = time.advanced(byNanoseconds: -1_000_000_000)
            let all = try await client.fillActivities(after: from)
            self.since = from
            byOrder = [:]
            seen = []
            newest = nil
            add(all)
            return
        }
        try await refresh()
    }

    /// Loads the fills newer than the newest one held, and those that became visible late
    /// behind it.
    func refresh() async throws(AlpacaError) {
        guard let since else { return }
        let from = newest.map { max(since, $0.advanced(byNanoseconds: -Self.lateArrival)) } ?? since
        add(try await client.fillActivities(after: from))
        if seen.count > capacity { dropOlderHalf() }
    }

    /// The fills of `order`, loading from its creation if needed.
    func fills(of order: AlpacaOrder) async throws(AlpacaError) -> [FillActivity] {
        if since.map({ order.createdAt < $0 }) ?? true { try await load(since: order.createdAt) }
        return byOrder[order.id] ?? []
    }

    /// How many activities are held.
    var count: Int { seen.count }

    /// Adds the activities not held yet, each order's new ones after its old ones, in the
    /// order of their ids.
    private func add(_ activities: [FillActivity]) {
        var added: [String: [FillActivity]] = [:]
        for activity in activities where seen.insert(activity.id).inserted {
            added[activity.orderID, default: []].append(activity)
            if newest.map({ activity.time > $0 }) ?? true { newest = activity.time }
        }
        for (order, new) in added { byOrder[order, default: []] += new.sorted { $0.id < $1.id } }
    }

    /// Drops every order whose first fill is older than the median time, and loads from that
    /// time on: an order created before it is loaded afresh when asked about.
    private func dropOlderHalf() {
        let firsts = byOrder.values.compactMap(\.first?.time).sorted()
        guard let cutoff = firsts.dropFirst(firsts.count / 2).first else { return }
        byOrder = byOrder.filter { $0.value.first.map { $0.time >= cutoff } ?? false }
        seen = Set(byOrder.values.joined().map(\.id))
        since = cutoff
    }
}
