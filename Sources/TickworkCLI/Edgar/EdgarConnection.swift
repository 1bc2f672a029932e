import APIClient
import CommandLineKit
import Edgar
import Live

/// The one way Tickwork makes an `EdgarClient` from what the user gave: the commands'
/// `--user-agent`, `--site-url` and `--data-url`, the configuration's `edgar` section and the
/// environment. The daemon's polling passes no options and gets the same client.
///
/// - `User-Agent`: the option, else the configuration's `edgar.userAgent`, else the variable
///   its `edgar.userAgentEnv` names, else `$TICKWORK_EDGAR_USER_AGENT`. Missing or without a
///   contact address it is refused (`EdgarError.userAgentRequired`, one line) before any
///   connection is made.
/// - Base URLs: the options, else the configuration's, else EDGAR's own.
/// - The company list is cached in the state directory (`StateDirectory`), a day fresh.
enum EdgarConnection {
    static let userAgent: Option<String?> = .optional(
        "--user-agent", "TEXT",
        help: "What EDGAR is told we are: a name and a contact e-mail address (default: edgar.userAgent of the configuration, else $TICKWORK_EDGAR_USER_AGENT).")
    static let siteURL: Option<String?> = .optional(
        "--site-url", "URL", help: "EDGAR's site host, for the company list and documents (default: edgar.siteURL, else https://www.sec.gov).")
    static let dataURL: Option<String?> = .optional(
        "--data-url", "URL", help: "EDGAR's data host, for submissions and facts (default: edgar.dataURL, else https://data.sec.gov).")

    /// The options a command that reaches EDGAR declares.
    static let options: [any OptionDeclaration] = [userAgent, siteURL, dataURL]

    /// The `User-Agent` text to validate: `option`, else the configuration's, else the
    /// environment's (a configuration without `edgar` reads `$TICKWORK_EDGAR_USER_AGENT`, as
    /// the section's defaults do); nil when none gives one.
    static func userAgentText(option: String?, settings: EdgarSettings?, environment: [String: String]) -> String? {
        if let option, !option.isEmpty { return option }
        return (settings ?? EdgarSettings()).resolvedUserAgent(environment: environment)
    }

    /// A client from explicit values (each nil: the configuration's `settings`, else the
    /// default). Throws `EdgarError.userAgentRequired` before any connection when no usable
    /// `User-Agent` is given; a state directory that cannot be named only costs the cache.
    static func client(
        userAgent: String? = nil, siteURL: String? = nil, dataURL: String? = nil, settings: EdgarSettings?,
        environment: [String: String], policy: RetryPolicy = .standard, log: (@Sendable (String) -> Void)? = nil
    ) throws(EdgarError) -> EdgarClient {
        let agent = userAgentText(option: userAgent, settings: settings, environment: environment)
        let cache = (try? StateDirectory.path(environment)).map { TickerCache(directory: $0) }
        return try EdgarClient(
            userAgent: agent, siteURL: siteURL ?? settings?.siteURL ?? EdgarEndpoint.siteURL,
            dataURL: dataURL ?? settings?.dataURL ?? EdgarEndpoint.dataURL, tickerCache: cache, policy: policy, log: log)
    }

    /// A command's client: its options over `configuration`'s `edgar` section and
    /// `environment`.
    static func client(
        _ invocation: Invocation, configuration: Configuration?, environment: [String: String], policy: RetryPolicy = .standard
    ) throws(EdgarError) -> EdgarClient {
        try client(
            userAgent: invocation[userAgent], siteURL: invocation[siteURL], dataURL: invocation[dataURL],
            settings: configuration?.edgar, environment: environment, policy: policy)
    }
}
