import ShortcutServeKit
print("todo")
