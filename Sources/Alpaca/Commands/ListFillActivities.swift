import APIClient
import StrategyKit
import Wire

/// GET `/v2/account/activities/FILL`: one page of the account's fills, oldest first, after
/// `after` when given. The next page is the same call with `pageToken` set to the last fill's
/// id; a page shorter than `pageSize` is the last.
public struct ListFillActivities: AlpacaCommand, Hashable {
    public var after: Timestamp?
    public var pageToken: String?
    /// Fills per page, 1...100.
    public var pageSize: Int

    public init(after: Timestamp? = nil, pageToken: String? = nil, pageSize: Int = 100) {
        precondition((1...100).contains(pageSize), "Alpaca pages activities by 1...100")
        self.after = after
        self.pageToken = pageToken
        self.pageSize = pageSize
    }

    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String {
        AlpacaPath.make("/v2/account/activities/FILL", [
            ("direction", "asc"), ("page_size", String(pageSize)), ("after", after?.iso8601), ("page_token", pageToken),
        ])
    }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> [FillActivity] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            try reader.array { reader throws(JSONReadError) in try FillActivity(reading: &reader) }
        }
    }
}
