/// One page of a paged list (bars, news): its items and the token of the next page, nil on the
/// last one. The next page is the same request again with `page_token` set to `nextPageToken`.
public struct AlpacaPage<Item: Sendable & Hashable>: Sendable, Hashable {
    public var items: [Item]
    public var nextPageToken: String?

    public init(items: [Item], nextPageToken: String?) {
        self.items = items
        self.nextPageToken = nextPageToken
    }
}
