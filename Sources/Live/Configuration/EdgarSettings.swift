/// SEC EDGAR, from the configuration's `edgar` object: who we say we are (EDGAR refuses a
/// request without a `User-Agent` naming a contact address), where its two hosts are, and how
/// often the daemon polls the filings of the symbols it trades. Absent: the daemon polls
/// nothing, and `tickwork filings` takes its `User-Agent` from `$TICKWORK_EDGAR_USER_AGENT`.
public struct EdgarSettings: Sendable, Hashable {
    /// The variable read when the configuration gives no `userAgent`.
    public static let defaultUserAgentVariable = "TICKWORK_EDGAR_USER_AGENT"

    /// The `User-Agent` as written in the configuration (`userAgent`); nil: read from
    /// `userAgentEnv`.
    public var userAgent: String?
    /// The environment variable holding the `User-Agent` when the file does not give it.
    public var userAgentEnv: String
    /// The site host: `company_tickers.json` and the filings' documents.
    public var siteURL: String
    /// The data host: submissions, company facts and concepts.
    public var dataURL: String
    /// How often the daemon reads the submissions of the symbols it trades.
    public var pollInterval: Duration
    /// Whether the daemon polls at all (`"poll": false` keeps the section for the commands only).
    public var poll: Bool

    public init(
        userAgent: String? = nil, userAgentEnv: String = Self.defaultUserAgentVariable, siteURL: String = "https://www.sec.gov",
        dataURL: String = "https://data.sec.gov", pollInterval: Duration = .seconds(300), poll: Bool = true
    ) {
        self.userAgent = userAgent
        self.userAgentEnv = userAgentEnv
        self.siteURL = siteURL
        self.dataURL = dataURL
        self.pollInterval = pollInterval
        self.poll = poll
    }

    /// The `User-Agent` to send: the file's, else the environment variable's; nil when neither
    /// gives one (the caller refuses, saying where to set it).
    public func resolvedUserAgent(environment: [String: String]) -> String? {
        if let userAgent { return userAgent }
        return environment[userAgentEnv].flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension Configuration {
    /// Reads the `edgar` object (`userAgent` or `userAgentEnv`, `siteURL`, `dataURL`,
    /// `pollInterval`, `poll`), nil when absent.
    static func parseEdgar(_ root: inout ConfigObject) throws(ConfigurationError) -> EdgarSettings? {
        guard var object = try root.object("edgar") else { return nil }
        var settings = EdgarSettings()
        let userAgent = try object.string("userAgent")
        let environment = try object.string("userAgentEnv")
        if userAgent != nil, environment != nil {
            throw object.error("userAgentEnv", "give userAgent or userAgentEnv, not both")
        }
        settings.userAgent = userAgent
        settings.userAgentEnv = environment ?? settings.userAgentEnv
        settings.siteURL = try object.string("siteURL") ?? settings.siteURL
        settings.dataURL = try object.string("dataURL") ?? settings.dataURL
        settings.pollInterval = try object.duration("pollInterval", in: .seconds(1)...(.seconds(86_400))) ?? settings.pollInterval
        settings.poll = try object.bool("poll") ?? settings.poll
        try object.finish()
        return settings
    }
}
