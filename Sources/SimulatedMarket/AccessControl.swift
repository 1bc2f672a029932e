import StrategyKit

/// Who may act on which account: open (anyone, any account) without API keys; with them, a call
/// that needs a key must carry the key of the account it touches.
struct AccessControl: Sendable {
    /// The account each key belongs to; nil when the exchange is open.
    private let accountOfKey: [String: Account]?

    init(apiKeys: [Account: String]?) {
        accountOfKey = apiKeys.map { keys in
            Dictionary(keys.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The account `key` belongs to; nil when the exchange is open. Throws 401 when keys are in
    /// force and the key is missing or unknown.
    func authenticate(_ key: String?) throws(APIFailure) -> Account? {
        guard let accountOfKey else { return nil }
        guard let key, !key.isEmpty else {
            throw .unauthorized("Not authorized: this call needs your API key in the X-Starfighter-Authorization header.")
        }
        guard let account = accountOfKey[key] else { throw .unauthorized("Not authorized: unknown API key.") }
        return account
    }

    /// Throws 401 unless `key` may act on `account` (always, when the exchange is open); `action`
    /// completes "Not authorized to ...".
    func authorize(_ key: String?, for account: Account, to action: String) throws(APIFailure) {
        guard let caller = try authenticate(key) else { return }
        guard caller == account else {
            throw .unauthorized("Not authorized to \(action).  You have to own account \(account.rawValue).")
        }
    }

    /// The Alpaca account that key id `keyID` and secret `secret` sign in as, or nil when they do
    /// not: with API keys in force the secret is the account's key and the key id its name; on an
    /// open exchange any secret will do and the key id alone names the account. One rule for the
    /// REST API's headers and the streams' `auth` messages.
    func alpacaAccount(keyID: String?, secret: String?) -> Account? {
        guard let keyID, !keyID.isEmpty else { return nil }
        let owner: Account?
        do throws(APIFailure) {
            owner = try authenticate(secret)
        } catch {
            return nil
        }
        if let owner, owner.rawValue != keyID { return nil }
        return owner ?? Account(keyID)
    }
}
