import Live
import Risk
import Testing
import TradingTestSupport

/// The kernel's tests cannot import Live, so they carry the configuration's default limits as
/// `.testing`; this keeps the copy true.
@Suite(.timeLimit(.minutes(10))) struct TestingLimitsTests {
    @Test func theKernelTestsTradeUnderTheConfigurationDefaults() {
        #expect(RiskLimits.testing == RiskLimits.defaults)
        #expect(AccountRiskLimits.testing == AccountRiskLimits.defaults)
    }
}
