"""The page of `grundy serve` in headless Chromium, as a person uses it.

Run by scripts/browser-test.sh, which starts the server and sets GRUNDY_URL.
The browser is Debian's /usr/bin/chromium (never one Playwright downloads).
Screenshots go to $SCREENSHOTS (target/browser-screenshots).
"""

import json
import os
import re
import urllib.request

import pytest
from playwright.sync_api import expect, sync_playwright

URL = os.environ.get("GRUNDY_URL", "http://127.0.0.1:8080/")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = os.environ.get("SCREENSHOTS", "target/browser-screenshots")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"]


def post(path, body):
    request = urllib.request.Request(
        URL.rstrip("/") + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(URL)
    expect(page.locator("#registry option")).not_to_have_count(0)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page, name, full_page=True):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full_page)


def choose(page, name, position=None):
    page.select_option("#registry", name)
    if position is not None:
        page.fill("#position", position)
        page.dispatch_event("#position", "input")


def test_opens_with_the_registry(page):
    expect(page).to_have_title(re.compile("grundy"))
    names = page.locator("#registry option").evaluate_all("os => os.map(o => o.value)")
    games = json.load(urllib.request.urlopen(URL.rstrip("/") + "/api/games", timeout=30))
    assert names == [""] + [g["name"] for g in games]
    # Picking a game fills its example and says what it is.
    choose(page, "subtraction")
    expect(page.locator("#description")).to_have_value("subtraction:1,3,4")
    expect(page.locator("#position")).to_have_value("10 7")
    expect(page.locator("#about")).to_contain_text("example: grundy solve subtraction:1,3,4 10 7")
    shot(page, "01-opened")


def test_analyses_cram_3x4(page):
    choose(page, "cram", "3x4")
    # The board is drawn for clicking: 3 rows of 4 cells.
    expect(page.locator("#editor .cell")).to_have_count(12)
    page.click("#analyse-go")
    facts = page.locator("#analysis dl.facts")
    expect(facts).to_contain_text("nim-value")
    assert page.locator("dt:text-is('nim-value') + dd").inner_text() == "1"
    expect(facts).to_contain_text("N-position")
    # Every move is listed; the winning ones are exactly the report's.
    expected = post("/api/solve", {"game": "cram", "position": ["3x4"]})["winning_moves"]
    winning = page.locator("#move-list li.win").all_inner_texts()
    assert len(winning) == len(expected) == 7
    for move in expected:
        text = f"{move['from']} -> {move['to'][0]}"
        assert any(w.startswith(text) for w in winning), text
    assert page.locator("#move-list li").count() == 17  # 3·3 vertical + 2·4 horizontal dominoes
    # Each move is drawn on a small board: its domino's two cells coloured.
    counts = page.locator("#move-list li").evaluate_all("lis => lis.map(li => li.querySelectorAll('.cell.marked').length)")
    assert counts == [2] * 17, counts
    shot(page, "02-cram-3x4-analysed")


def test_clicking_the_board_edits_the_position(page):
    choose(page, "cram", "2x3")
    page.click("#editor [data-cell='0,0']")
    expect(page.locator("#position")).to_have_value("#../...")
    page.click("#analyse-go")
    expect(page.locator("#analysis dl.facts")).to_contain_text("#../...")


def test_plays_nim_345_to_the_end_and_loses(page):
    choose(page, "nim", "3 4 5")
    page.click("#tab-play")
    page.click("#play-start")
    expect(page.locator("#play-moves")).to_be_visible()
    # A hint names the one winning move of 3 + 4 + 5.
    page.click("#play-hint")
    expect(page.locator("#hint")).to_contain_text("3 -> 1")
    # Play a losing move, take it back, then play badly to the end.
    page.locator("#play-moves button", has_text="3 -> 2").click()
    expect(page.locator(".engine-move")).to_be_visible()
    page.click("#play-undo")
    expect(page.locator("#game-position")).to_have_text("3 + 4 + 5")
    for _ in range(40):
        if page.locator("#game-result").count():
            break
        page.locator("#play-moves button").first.click()
        page.wait_for_function("() => !document.getElementById('busy') || document.getElementById('busy').hidden")
        page.wait_for_timeout(50)
    expect(page.locator("#game-result")).to_have_text("You cannot move. The engine wins.")
    # The chart has one point per position: the start and every move.
    points = page.locator("svg.chart circle").count()
    assert points >= 4
    shot(page, "03-nim-345-lost")


def test_wythoff_heatmap_hover_and_click(page):
    choose(page, "wythoff")
    page.click("#tab-explore")
    page.fill("#rows", "0..20")
    page.fill("#cols", "0..20")
    page.click("#explore-heatmap")
    svg = page.locator(".heatmap img")
    expect(svg).to_be_visible()
    layout = post("/api/heatmap", {"game": "wythoff", "rows": "0..20", "cols": "0..20"})["layout"]
    box = svg.bounding_box()
    scale = box["width"] / layout["width"]

    def hover(row, column):
        x = box["x"] + (layout["grid_left"] + (column + 0.5) * layout["cell"]) * scale
        y = box["y"] + (layout["grid_top"] + (row + 0.5) * layout["cell"]) * scale
        page.mouse.move(x, y)
        return x, y

    # Row 10 of Wythoff's game (reference-values.md): 10, 11, 9, 8, 13, 12, 0, ...
    hover(10, 4)
    expect(page.locator("#hover")).to_have_text("position 10,4: nim-value 13")
    hover(10, 6)
    expect(page.locator("#hover")).to_have_text("position 10,6: nim-value 0")
    shot(page, "04-wythoff-heatmap-hover")
    # Clicking a cell opens it in Analyse: (3,5) is a P-position (Beatty pair).
    x, y = hover(3, 5)
    page.mouse.click(x, y)
    expect(page.locator("#analyse")).to_be_visible()
    expect(page.locator("#analysis dl.facts")).to_contain_text("P-position")
    assert page.locator("#position").input_value() == "3,5"


def test_heap_sequence_scatter_with_proof(page):
    choose(page, "take-and-break")
    page.fill("#description", "0.07")
    page.dispatch_event("#description", "input")
    page.click("#tab-explore")
    page.fill("#rows", "0..200")
    page.fill("#cols", "")
    page.click("#explore-heatmap")
    # Dawson's Kayles: period 34 (Winning Ways ch. 4), proven by the octal theorem.
    expect(page.locator("#periodicity")).to_contain_text("PROVEN periodic, period 34")
    expect(page.locator("img.scatter")).to_be_visible()
    shot(page, "05-dawsons-kayles-scatter")


def test_bad_description_shows_the_error(page):
    page.fill("#description", "subtraction")
    page.dispatch_event("#description", "input")
    page.fill("#position", "5")
    page.click("#analyse-go")
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#error")).to_contain_text("subtraction")
    page.fill("#description", "chess:1")
    page.click("#analyse-go")
    expect(page.locator("#error")).to_contain_text("unknown game 'chess'")
    shot(page, "06-bad-description")


def test_keyboard_only(page):
    page.focus("#position")
    page.fill("#position", "1 2 3")
    page.keyboard.press("Enter")
    expect(page.locator("#analysis dl.facts")).to_contain_text("P-position")
    page.focus("#tab-analyse")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#play")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#explore")).to_be_visible()


def test_phone_sized_window(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(URL)
    expect(page.locator("#registry option")).not_to_have_count(0)
    choose(page, "cram", "3x4")
    page.click("#analyse-go")
    expect(page.locator("#move-list li")).to_have_count(17)
    # Nothing wider than the window: no sideways scrolling.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    shot(page, "07-phone-cram")
    page.click("#tab-play")
    choose(page, "nim", "3 4 5")
    page.click("#play-start")
    expect(page.locator("#play-moves")).to_be_visible()
    shot(page, "08-phone-play")
    context.close()


def test_a_long_table_shows_progress_and_is_cancelled(page):
    # A rider with nine directions over 500×500 cells: hundreds of options a
    # cell, many seconds of work; the page shows the server's count, and
    # Cancel stops the work on the server (the job's watch), not only the page.
    page.fill("#description", "rider:-1,0/0,-1/-1,-1/-1,-2/-2,-1/-1,-3/-3,-1/-2,-3/-3,-2")
    page.dispatch_event("#description", "input")
    page.click("#tab-explore")
    page.fill("#rows", "0..499")
    page.fill("#cols", "0..499")
    page.click("#explore-heatmap")
    expect(page.locator("#busy")).to_be_visible()
    expect(page.locator("#busy-text")).to_contain_text("valuing the table's positions", timeout=15000)
    assert re.search(r"positions: [\d,]+", page.locator("#busy-text").inner_text())
    shot(page, "09-long-table-progress", full_page=False)
    page.click("#cancel")
    expect(page.locator("#busy")).to_be_hidden()
    expect(page.locator("#error")).to_contain_text("cancelled")
    shot(page, "10-long-table-cancelled", full_page=False)
