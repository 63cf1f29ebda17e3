// `kiosk scenes`: the names `--scene` accepts.
import Kiosk

enum ScenesCommand {
    static func main() {
        for s in DemoScenes.all { print("\(s.name)\t\(s.summary)") }
    }
}
