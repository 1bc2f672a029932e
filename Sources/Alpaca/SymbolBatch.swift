import StrategyKit

/// The latest of something for every symbol (quotes, trades), fetched in one request and shared:
/// the pollers of all symbols ask at about the same time, and all but the first are served by
/// the first's request (or by a batch younger than `maxAge`).
actor SymbolBatch<Value: Sendable> {
    typealias Fetch = @Sendable ([Symbol]) async throws(AlpacaError) -> [Symbol: Value]

    private let symbols: [Symbol]
    private let maxAge: Duration
    private let fetch: Fetch
    private var inFlight: Task<Result<[Symbol: Value], AlpacaError>, Never>?
    private var last: (at: ContinuousClock.Instant, values: [Symbol: Value])?

    /// A batch of `symbols`, each fetched by `fetch` (one request for them all).
    init(symbols: [Symbol], maxAge: Duration, fetch: @escaping Fetch) {
        self.symbols = symbols
        self.maxAge = maxAge
        self.fetch = fetch
    }

    /// The latest value of every symbol.
    func latest() async throws(AlpacaError) -> [Symbol: Value] {
        if let last, ContinuousClock.now - last.at < maxAge { return last.values }
        let task: Task<Result<[Symbol: Value], AlpacaError>, Never>
        if let inFlight {
            task = inFlight
        } else {
            let fetch = fetch, symbols = symbols
            task = Task {
                do throws(AlpacaError) { return .success(try await fetch(symbols)) } catch { return .failure(error) }
            }
            inFlight = task
        }
        let result = await task.value
        if inFlight == task {
            inFlight = nil
            if case .success(let values) = result { last = (ContinuousClock.now, values) }
        }
        return try result.get()
    }
}
