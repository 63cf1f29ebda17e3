// `kiosk run`: a demo scene full screen, through the same runner a user's KioskApp uses.
import Kiosk

enum RunCommand {
    static let help = """
    kiosk run — show a scene on the screen, with touch

      --scene NAME          a scene from `kiosk scenes` (default: the launcher, a touch menu of them all)
    \(KioskRunner.optionsHelp)
    """

    static func main(_ args: ArraySlice<String>) throws {
        guard let s = try KioskRunner.settings(from: args) else { print(help); return }
        guard DemoScenes.all.contains(where: { $0.name == s.scene }) else {
            throw UsageError("unknown scene \"\(s.scene)\"; `kiosk scenes` lists them")
        }
        try KioskRunner.run(s) { w, h in DemoScenes.make(s.scene, width: w, height: h)! }
    }
}
