import StrategyKit

/// The latest quotes of every symbol, fetched in one request and shared: the book pollers of
/// all symbols ask at about the same time, and all but the first are served by the first's
/// request (or by a batch younger than `maxAge`).
actor QuoteBatch {
    private let client: AlpacaClient
    private let symbols: [Symbol]
    private let maxAge: Duration
    private var inFlight: Task<Result<[Symbol: AlpacaQuote], AlpacaError>, Never>?
    private var last: (at: ContinuousClock.Instant, quotes: [Symbol: AlpacaQuote])?

    init(client: AlpacaClient, symbols: [Symbol], maxAge: Duration) {
        self.client = client
        self.symbols = symbols
        self.maxAge = maxAge
    }

    /// The latest quotes of every symbol.
    func latest() async throws(AlpacaError) -> [Symbol: AlpacaQuote] {
        if let last, ContinuousClock.now - last.at < maxAge { return last.quotes }
        let task: Task<Result<[Symbol: AlpacaQuote], AlpacaError>, Never>
        if let inFlight {
            task = inFlight
        } else {
            let client = client, symbols = symbols
            task = Task {
                do throws(AlpacaError) { return .success(try await client.latestQuotes(symbols)) } catch { return .failure(error) }
            }
            inFlight = task
        }
        let result = await task.value
        if inFlight == task {
            inFlight = nil
            if case .success(let quotes) = result { last = (ContinuousClock.now, quotes) }
        }
        return try result.get()
    }
}
