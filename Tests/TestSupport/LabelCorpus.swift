import Analyzer

/// One realistic label change: the texts a label shows in turn, how they are
/// diffed, and how fast they follow each other.
public struct LabelChange: Hashable, Sendable, CustomStringConvertible {
    /// A short name for tables and failure messages.
    public var name: String
    /// The texts in order; the first is at rest before the change.
    public var texts: [String]
    /// How the texts are diffed.
    public var mode: DiffMode
    /// Seconds between successive texts; nil to set each when the one before has settled.
    public var interval: Double?

    public init(_ name: String, _ texts: [String], mode: DiffMode = .morph, interval: Double? = nil) {
        self.name = name
        self.texts = texts
        self.mode = mode
        self.interval = interval
    }

    /// The name and the texts, e.g. `reversal 80 ms: "Send Action" → "Action Sent" → "Send Action"`.
    public var description: String {
        name + ": " + texts.map(\.debugDescription).joined(separator: " → ")
    }
}

/// Label changes as apps make them, for the legibility measure (DESIGN.md
/// section 8): buttons, statuses, counters, prices and clocks (numeric mode),
/// dates, unrelated texts, CJK, right-to-left scripts, emoji, multi-line text,
/// tickers (replace mode) and fast reversals.
public enum LabelCorpus {
    /// Every change of the corpus.
    public static let all: [LabelChange] =
        buttons + statuses + counters + dates + unrelated + scripts + emoji + other + reversals

    static let buttons: [LabelChange] = [
        LabelChange("send", ["Send", "Sent"]),
        LabelChange("add to cart", ["Add to cart", "Added to cart"]),
        LabelChange("follow", ["Follow", "Following"]),
        LabelChange("save", ["Save", "Saved"]),
        LabelChange("subscribe", ["Subscribe", "Unsubscribe"]),
        LabelChange("sign in", ["Sign in", "Signing in…"]),
        LabelChange("play", ["Play", "Pause"]),
        LabelChange("show more", ["Show more", "Show less"]),
        LabelChange("copy link", ["Copy link", "Copied!"]),
        LabelChange("install", ["Install", "Installing…"]),
    ]

    static let statuses: [LabelChange] = [
        LabelChange("backing up", ["Backing up 1,204 photos…", "Backed up 1,204 photos."]),
        LabelChange("connecting", ["Connecting…", "Connected"]),
        LabelChange("uploading", ["Uploading 3 files", "Uploaded 3 files"]),
        LabelChange("syncing", ["Syncing", "Up to date"]),
        LabelChange("creative", ["Creative", "Create"]),
        LabelChange("updates", ["Checking for updates…", "You're up to date"]),
        LabelChange("offline", ["Offline", "Online"]),
        LabelChange("unread", ["2 unread messages", "No unread messages"]),
    ]

    static let counters: [LabelChange] = [
        LabelChange("99 → 100", ["99", "100"], mode: .numeric()),
        LabelChange("price", ["$9.99", "$10.49"], mode: .numeric()),
        LabelChange("1,999 → 2,000", ["1,999", "2,000"], mode: .numeric()),
        LabelChange("likes", ["42 likes", "43 likes"], mode: .numeric()),
        LabelChange("percent", ["0.5%", "12.75%"], mode: .numeric()),
        LabelChange("temperature", ["-3.2°C", "1.8°C"], mode: .numeric()),
        LabelChange("big counter", ["1,234,567", "1,234,568"], mode: .numeric()),
        LabelChange("9 → 10", ["9", "10"], mode: .numeric()),
        LabelChange("euro price", ["€1.234,56", "€1.299,00"], mode: .numeric(decimalSeparator: ",")),
        LabelChange("counter run", ["99", "100", "1,000"], mode: .numeric()),
    ]

    static let dates: [LabelChange] = [
        LabelChange("clock", ["Mon 9:59", "Mon 10:00"], mode: .numeric()),
        LabelChange("timer", ["12:59:59", "13:00:00"], mode: .numeric()),
        LabelChange("month end", ["March 31", "April 1"]),
        LabelChange("yesterday", ["Yesterday", "Today"]),
        LabelChange("minutes", ["in 5 minutes", "in 4 minutes"]),
    ]

    static let unrelated: [LabelChange] = [
        LabelChange("fox", ["The quick brown fox", "The lazy dog"]),
        LabelChange("welcome", ["Loading…", "Welcome back, Ana"]),
        LabelChange("error", ["Error", "Try again"]),
        LabelChange("greeting", ["Good morning", "Good evening"]),
        LabelChange("settings", ["Settings", "Notifications"]),
    ]

    static let scripts: [LabelChange] = [
        LabelChange("japanese", ["読み込み中", "完了しました"]),
        LabelChange("chinese save", ["保存", "保存成功"]),
        LabelChange("chinese download", ["下载中…", "下载完成"]),
        LabelChange("hebrew", ["שלח", "נשלח"]),
        LabelChange("arabic", ["جار التحميل", "تم التحميل"]),
    ]

    static let emoji: [LabelChange] = [
        LabelChange("thumbs", ["👍 12", "👍 13"], mode: .numeric()),
        LabelChange("party", ["Party 🎉", "Party over 😴"]),
        LabelChange("family", ["👨‍👩‍👧 Family", "👨‍👩‍👧‍👦 Family"]),
    ]

    static let other: [LabelChange] = [
        LabelChange("ticker", ["ABC123", "XYZ789"], mode: .replace),
        LabelChange("gate", ["Gate A12", "Gate B07"], mode: .replace),
        LabelChange("two lines", ["Step 1 of 3\nAccount", "Step 2 of 3\nPayment"]),
    ]

    /// A text and its way back, faster than the transitions take.
    static let reversals: [LabelChange] = [40, 80, 120].map { ms in
        LabelChange(
            "reversal \(ms) ms", ["Send Action", "Action Sent", "Send Action"], interval: Double(ms) / 1000)
    } + [
        LabelChange("follow back 80 ms", ["Follow", "Following", "Follow"], interval: 0.08),
        LabelChange("counter back 80 ms", ["99", "100", "99"], mode: .numeric(), interval: 0.08),
    ]
}
