import APIClient
import Wire

/// GET `/v2/account`: the account's cash, buying power and state.
public struct GetAccount: AlpacaCommand, Hashable {
    public init() {}
    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String { "/v2/account" }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaAccount {
        try JSONReader.document(body) { reader throws(JSONReadError) in try AlpacaAccount(reading: &reader) }
    }
}
