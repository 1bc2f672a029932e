import StrategyKit

/// The account's FILL activities from the oldest order asked about on, by order, each order's
/// in the order of their ids (which is time order), never one twice.
actor FillBook {
    private let client: AlpacaClient
    /// The time activities are loaded from; nil before the first load.
    private var since: Timestamp?
    private var byOrder: [String: [FillActivity]] = [:]
    private var seen: Set<String> = []
    private var lastID: String?

    init(client: AlpacaClient) { self.client = client }

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
            lastID = nil
            add(all)
            return
        }
        try await refresh()
    }

    /// Loads the fills newer than the last one loaded.
    func refresh() async throws(AlpacaError) {
        guard let since else { return }
        var token = lastID
        while true {
            let page = try await client.invoker.run(ListFillActivities(after: token == nil ? since : nil, pageToken: token))
            add(page)
            guard page.count == 100, let last = page.last else { return }
            token = last.id
        }
    }

    /// The fills of `order`, loading from its creation if needed.
    func fills(of order: AlpacaOrder) async throws(AlpacaError) -> [FillActivity] {
        if since.map({ order.createdAt < $0 }) ?? true { try await load(since: order.createdAt) }
        return byOrder[order.id] ?? []
    }

    private func add(_ activities: [FillActivity]) {
        for activity in activities where seen.insert(activity.id).inserted {
            byOrder[activity.orderID, default: []].append(activity)
            if lastID.map({ activity.id > $0 }) ?? true { lastID = activity.id }
        }
        for key in Set(activities.map(\.orderID)) { byOrder[key]?.sort { $0.id < $1.id } }
    }
}
