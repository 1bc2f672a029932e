/// A call of Alpaca's historical market data that pages with `next_page_token`.
public protocol AlpacaHistoryCommand: AlpacaCommand where Result == AlpacaPage<Item> {
    associatedtype Item: Sendable & Hashable
    /// What the call asks for; the next page is the same with `pageToken` set.
    var range: HistoryRange { get set }
}

extension GetHistoricalQuotes: AlpacaHistoryCommand { public typealias Item = AlpacaQuote }
extension GetHistoricalTrades: AlpacaHistoryCommand { public typealias Item = AlpacaTrade }

/// The pages of one history call, read one at a time so that a day of quotes never has to be
/// held whole: each `next()` asks for the page after the last, following `next_page_token`
/// until it is null. A token that comes twice ends the read with `undecodable`, so that a
/// server repeating a page cannot loop for ever.
public struct HistoryPages<Command: AlpacaHistoryCommand>: Sendable {
    private let invoker: AlpacaInvoker
    private var command: Command
    private var seen: Set<String> = []
    private var finished = false

    init(invoker: AlpacaInvoker, command: Command) {
        self.invoker = invoker
        self.command = command
    }

    /// The next page's records (possibly none), or nil after the last page.
    public mutating func next() async throws(AlpacaError) -> [Command.Item]? {
        guard !finished else { return nil }
        let page = try await invoker.run(command)
        if let token = page.nextPageToken {
            guard seen.insert(token).inserted else {
                throw .undecodable(endpoint: command.description, reason: "next_page_token \(token) came twice")
            }
            command.range.pageToken = token
        } else {
            finished = true
        }
        return page.items
    }
}
