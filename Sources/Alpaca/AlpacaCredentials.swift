import APIClient

/// An Alpaca key id and secret, sent as `APCA-API-KEY-ID` and `APCA-API-SECRET-KEY`. Both are
/// `APIKey`s, so neither shows in a description, a log or an error.
public struct AlpacaCredentials: Sendable, Hashable {
    /// The key id.
    public var keyID: APIKey
    /// The secret key.
    public var secret: APIKey

    /// Credentials of `keyID` and `secret`.
    public init(keyID: APIKey, secret: APIKey) {
        self.keyID = keyID
        self.secret = secret
    }

    /// The header name of the key id.
    public static let keyIDHeader = "APCA-API-KEY-ID"
    /// The header name of the secret.
    public static let secretHeader = "APCA-API-SECRET-KEY"

    /// The two header fields, for `TransportRequest.credentials`.
    var headers: [String: APIKey] { [Self.keyIDHeader: keyID, Self.secretHeader: secret] }
}
