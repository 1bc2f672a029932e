import Live
import Testing

@testable import TickworkCLI

/// Where the `User-Agent` sent to EDGAR comes from: `--user-agent`, else the configuration's
/// `edgar` section, else the environment.
@Suite(.timeLimit(.minutes(10))) struct EdgarUserAgentChoiceTests {
    static let environment = ["TICKWORK_EDGAR_USER_AGENT": "Env env@example.com", "MY_UA": "Named named@example.com"]

    @Test func theOptionGoesFirstThenTheFileThenTheVariable() {
        let fromFile = EdgarSettings(userAgent: "File file@example.com")
        #expect(EdgarConnection.userAgentText(option: "Opt opt@example.com", settings: fromFile, environment: Self.environment) == "Opt opt@example.com")
        #expect(EdgarConnection.userAgentText(option: "", settings: fromFile, environment: Self.environment) == "File file@example.com")
        #expect(EdgarConnection.userAgentText(option: nil, settings: EdgarSettings(userAgentEnv: "MY_UA"), environment: Self.environment)
            == "Named named@example.com")
        #expect(EdgarConnection.userAgentText(option: nil, settings: nil, environment: Self.environment) == "Env env@example.com")
        #expect(EdgarConnection.userAgentText(option: nil, settings: nil, environment: [:]) == nil)
    }
}
