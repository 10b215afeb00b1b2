"""The explorer page in a real browser: headless Chromium (Debian's), driven by Selenium.

Each test uses the page as a person would (clicks and drags on the squared
paper, buttons, the paste dialog, downloads) and checks what the page shows
against the library: the count it displays, the tiling it draws (rebuilt as
a :class:`~tiling.Tiling`, which checks it), the proof it explains and
highlights, the colours of the pixels on the canvas.  Screenshots go to
``test-output/screenshots/`` (or ``$TILING_SCREENSHOTS``).

The browser is the one installed from the distribution's packages
(``apt-get install chromium chromium-driver``; ``.ci/run`` installs them),
never a downloaded one: without it these tests are skipped, and pytest's
summary says so.
"""

import base64
import math
import os
import re
import shutil
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("starlette", reason="the explorer needs the serve extra (starlette)")
pytest.importorskip("uvicorn", reason="the explorer needs the serve extra (uvicorn)")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

import tiling  # noqa: E402
from tiling import Region, Tiling, examples  # noqa: E402
from tiling.heights import flip_distance, flux, height, max_tiling, min_tiling  # noqa: E402
from tiling.matching import kuhn  # noqa: E402
from tiling.plot._colors import HIGHLIGHT, NEIGHBOR  # noqa: E402  (the page uses the same)
from tiling.plot.heights import _cell_means  # noqa: E402  (an independent reading of the corners)
from tiling.serve.app import Settings, height_colors, probability_colors  # noqa: E402
from tiling.serve.presets import preset  # noqa: E402
from tiling.serve.tikz import document  # noqa: E402

from .serve_support import ask as ask_server  # noqa: E402
from .serve_support import compile_tex, limit_below, request, running, slow_region  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
SCREENSHOTS = Path(os.environ.get("TILING_SCREENSHOTS", ROOT / "test-output" / "screenshots"))

if not (CHROMIUM and CHROMEDRIVER):
    pytest.skip(
        "headless Chromium is not installed (apt-get install chromium chromium-driver; "
        ".ci/run installs them): the explorer's browser tests did not run",
        allow_module_level=True,
    )

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

# Chromium as root, in a sandbox without network: no sandbox of its own, no GPU,
# nothing that phones home, a fresh profile.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1400,950",
    "--force-device-scale-factor=1",
)


@pytest.fixture(scope="module")
def server():
    with running(Settings(workers=2, time_limit=60, max_cells=50_000)) as served:
        yield served


@pytest.fixture(scope="module")
def downloads(tmp_path_factory):
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(tmp_path_factory, downloads):
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": str(downloads), "download.prompt_for_download": False},
    )
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture
def page(browser, server):
    browser.get(server.url)
    wait_idle(browser)
    return browser


# ---------------------------------------------------------------------- helpers
def wait_for(predicate, timeout=60, what="the page"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def wait_idle(driver):
    """Until the page has started and no question is in flight or scheduled."""
    wait_for(
        lambda: driver.execute_script(
            "return document.body.dataset.ready === '1' && document.body.dataset.busy === '0'"
        ),
        what="the page to be idle",
    )


def js(driver, expression, *args):
    return driver.execute_script(f"return {expression};", *args)


def at_cell(driver, r, c):
    """An action chain with the pointer on the centre of cell (r, c) of the paper."""
    canvas = driver.find_element(By.ID, "canvas")
    point = js(driver, "explorer.cellCenter(arguments[0], arguments[1])", r, c)
    size = canvas.size
    return ActionChains(driver).move_to_element_with_offset(
        canvas, round(point["x"] - size["width"] / 2), round(point["y"] - size["height"] / 2)
    )


def click_cell(driver, r, c):
    at_cell(driver, r, c).click().perform()


def drag(driver, start, end):
    """Press on ``start``, move to ``end``, release: one stroke."""
    chain = at_cell(driver, *start).click_and_hold()
    a = js(driver, "explorer.cellCenter(arguments[0], arguments[1])", *start)
    b = js(driver, "explorer.cellCenter(arguments[0], arguments[1])", *end)
    chain.move_by_offset(round(b["x"] - a["x"]), round(b["y"] - a["y"])).release().perform()


def click(driver, element_id):
    driver.find_element(By.ID, element_id).click()
    time.sleep(0.05)
    wait_idle(driver)


def ask(driver, view):
    driver.find_element(By.CSS_SELECTOR, f'[data-view="{view}"]').click()
    time.sleep(0.05)
    wait_idle(driver)


def choose_preset(driver, name, n=None):
    if n is not None:
        js(driver, "document.getElementById('order').value = arguments[0]", n)
    Select(driver.find_element(By.ID, "preset")).select_by_value(name)
    time.sleep(0.05)
    wait_idle(driver)


def page_region(driver):
    return Region.from_ascii(js(driver, "explorer.state.grid.toAscii()"))


def shown_count(driver):
    """The count as the page shows it, digits only (the commas are for reading)."""
    return driver.find_element(By.ID, "count").text.replace(",", "").replace("\n", "")


def view(driver):
    return js(driver, "explorer.state.view")


def pixel(driver, r, c, corner=False):
    """The colour the canvas shows in cell (r, c), as '#rrggbb'.

    At the centre, or near the top-left corner (clear of the letter S or N a
    marked cell carries in its middle).
    """
    rgb = js(
        driver,
        """(() => {
          const p = explorer.cellCenter(arguments[0], arguments[1]);
          const shift = arguments[2] ? 0.3 * explorer.state.geometry.s : 0;
          const dpr = window.devicePixelRatio || 1;
          const d = document.getElementById('canvas').getContext('2d')
            .getImageData(Math.round((p.x - shift) * dpr), Math.round((p.y - shift) * dpr), 1, 1).data;
          return [d[0], d[1], d[2]];
        })()""",
        r,
        c,
        corner,
    )
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def screenshot(driver, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
    return path


def as_tiling(region, dominoes):
    return Tiling(region, [[d[:2], d[2:]] for d in dominoes])


def cells_of(region):
    return {tuple(c) for c in region.cells().tolist()}


# ---------------------------------------------------------------------- tests
def test_a_region_drawn_by_clicking_gets_the_librarys_count_tiling_and_proof(page):
    # the page opens on the chessboard, counted
    assert page_region(page) == Region.from_mask(np.pad(np.ones((8, 8), bool), ((1, 0), (1, 0))))
    assert shown_count(page) == "12988816"
    assert page.find_element(By.ID, "count").text == "12,988,816"

    click(page, "clear")
    assert shown_count(page) == "–"
    drag(page, (1, 1), (1, 4))  # a row of four cells in one stroke
    drag(page, (2, 4), (2, 1))
    click_cell(page, 3, 1)
    click_cell(page, 3, 2)
    wait_idle(page)
    drawn = Region.from_cells(
        [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (3, 2)]
    )
    assert page_region(page) == drawn
    assert shown_count(page) == str(tiling.count(drawn)) == "7"
    summary = page.find_element(By.ID, "summary").text
    assert summary.startswith("10 cells · 1 piece · no holes")
    assert "5 light, 5 dark, balanced" in page.find_element(By.ID, "balance").text

    ask(page, "tiling")
    shown = view(page)
    t = as_tiling(drawn, shown["dominoes"])
    assert t.is_perfect
    for d, fill in zip(shown["dominoes"], shown["fills"]):
        assert pixel(page, d[0], d[1]) == fill.lower()  # each domino is drawn in its colour
    screenshot(page, "drawn-region-tiling")

    click_cell(page, 3, 2)  # remove a cell: 9 cells, an odd number
    wait_idle(page)
    assert shown_count(page) == "0"
    assert "more light: no tiling" in page.find_element(By.ID, "balance").text
    ask(page, "proof")
    region = page_region(page)
    certificate = tiling.prove_impossible(region)
    assert (
        page.find_element(By.ID, "view-text").text
        == certificate.explain() + " (Checked independently.)"
    )
    marked = {tuple(c) for c in view(page)["marks"][0]["cells"]}
    assert marked == {tuple(c) for c in certificate.cells.tolist()}
    r, c = certificate.cells[0].tolist()
    assert pixel(page, r, c, corner=True) == HIGHLIGHT.lower()
    screenshot(page, "drawn-region-proof")


def test_the_seven_by_seven_figure_shows_its_hall_set_and_neighbours(page):
    choose_preset(page, "figure7")
    region = page_region(page)
    assert region.cropped() == examples.figure_7x7()
    assert shown_count(page) == "0"
    ask(page, "proof")
    certificate = tiling.prove_impossible(region)
    assert certificate.kind == "hall"
    assert page.find_element(By.ID, "view-title").text == "No tiling: Hall's condition fails"
    legend = page.find_element(By.ID, "view-legend").text
    assert (
        f"S: {len(certificate.cells)}" in legend
        and f"N(S), their neighbours: {len(certificate.neighbors)}" in legend
    )
    for r, c in certificate.cells.tolist():
        assert pixel(page, r, c, corner=True) == HIGHLIGHT.lower()
    for r, c in certificate.neighbors.tolist():
        assert pixel(page, r, c, corner=True) == NEIGHBOR.lower()
    screenshot(page, "figure7-hall-set")


def test_undo_and_redo_step_through_the_edits(page):
    choose_preset(page, "ring")
    ring = page_region(page)
    click_cell(page, 2, 2)  # fill the ring's hole
    wait_idle(page)
    assert page_region(page) == ring.with_cells([(2, 2)])
    assert shown_count(page) == "0"  # nine cells
    click(page, "undo")
    assert page_region(page) == ring and shown_count(page) == "2"
    page.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, Keys.SHIFT, "z")
    wait_idle(page)
    assert page_region(page) == ring.with_cells([(2, 2)])
    page.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
    wait_idle(page)
    assert page_region(page) == ring


def test_a_random_tiling_of_an_aztec_diamond_shows_its_seed_and_replays_it(page):
    choose_preset(page, "aztec", 10)
    region = page_region(page)
    assert region.cropped() == Region.aztec_diamond(10)
    assert shown_count(page) == str(2**55)
    ask(page, "sample")
    seed = int(page.find_element(By.ID, "seed").get_attribute("value"))
    first = view(page)["dominoes"]
    assert as_tiling(region, first) == tiling.sample(region, rng=seed)
    assert f"Seed {seed}" in page.find_element(By.ID, "view-text").text
    screenshot(page, "aztec-random-tiling")
    click(page, "reroll")
    other = int(page.find_element(By.ID, "seed").get_attribute("value"))
    assert as_tiling(region, view(page)["dominoes"]) == tiling.sample(region, rng=other)
    box = page.find_element(By.ID, "seed")
    box.clear()
    box.send_keys(str(seed))
    click(page, "replay")
    assert view(page)["dominoes"] == first


def test_the_animations_end_on_the_librarys_answers(page):
    choose_preset(page, "heart")
    region = page_region(page)
    ask(page, "kuhn")
    click(page, "last")
    shown = as_tiling(region, view(page)["dominoes"])
    assert shown == kuhn(region) and shown.is_perfect
    assert page.find_element(By.ID, "frame-text").text.startswith("Done: 16 dominoes")

    choose_preset(page, "aztec", 5)
    region = page_region(page)
    ask(page, "shuffle")
    click(page, "first")
    assert len(view(page)["dominoes"]) == 2  # order 1
    click(page, "last")
    assert as_tiling(region, view(page)["dominoes"]).is_perfect
    screenshot(page, "aztec-shuffling")


def test_a_largest_cover_marks_what_is_left_and_a_colouring_separates_neighbours(page):
    choose_preset(page, "mutilated")
    region = page_region(page)
    ask(page, "cover")
    shown = view(page)
    cover = as_tiling(region, shown["dominoes"])
    assert len(cover) == len(tiling.max_cover(region)) == 30
    assert {tuple(c) for c in shown["dots"]} == {tuple(c) for c in cover.uncovered().tolist()}
    click(page, "show-bound")
    assert {tuple(c) for c in view(page)["marks"][0]["cells"]} == {
        tuple(c) for c in tiling.cover_bound(region).cells.tolist()
    }
    ask(page, "color")  # colours the cover shown
    shown = view(page)
    coloured = as_tiling(region, shown["dominoes"])
    assert coloured == cover
    labels = coloured.labels()
    fills = shown["fills"]
    h, w = labels.shape
    for r in range(h):
        for c in range(w - 1):
            a, b = labels[r, c], labels[r, c + 1]
            if a >= 0 and b >= 0 and a != b:
                assert fills[a] != fills[b]
    for r in range(h - 1):
        for c in range(w):
            a, b = labels[r, c], labels[r + 1, c]
            if a >= 0 and b >= 0 and a != b:
                assert fills[a] != fills[b]
    screenshot(page, "mutilated-cover-coloured")


def test_pasting_ascii_loads_the_region_or_shows_where_it_is_wrong(page):
    click(page, "paste")
    box = page.find_element(By.ID, "paste-text")
    box.clear()
    box.send_keys("....\n..x.\n....")
    click(page, "paste-load")
    message = wait_for(lambda: page.find_element(By.ID, "paste-error").text, what="the error")
    assert message == (
        "the region: line 2, column 3: unexpected character 'x' (use '.' for a cell, '#' or "
        "space for none)"
    )
    box.clear()
    box.send_keys(".....\n.#.#.\n.....")
    click(page, "paste-load")
    assert not page.find_element(By.ID, "paste-dialog").is_displayed()
    assert page_region(page).cropped() == Region.from_ascii(".....\n.#.#.\n.....")
    assert shown_count(page) == str(tiling.count(Region.from_ascii(".....\n.#.#.\n.....")))


def test_server_errors_are_shown_on_the_page(page):
    js(page, "document.getElementById('rows').value = 80")
    js(page, "document.getElementById('rows').dispatchEvent(new Event('change'))")
    js(page, "document.getElementById('cols').value = 80")
    js(page, "document.getElementById('cols').dispatchEvent(new Event('change'))")
    click(page, "fill")
    # the page greys the button out at 6,400 cells; a stale page would still ask, and
    # the server's refusal (over the animation's limit) must then be shown
    js(page, "document.querySelector('[data-view=\"kuhn\"]').disabled = false")
    ask(page, "kuhn")
    error = page.find_element(By.ID, "error")
    assert error.is_displayed()
    assert error.text.startswith("Animate matching: ") and "5,000 cells" in error.text
    js(page, "document.getElementById('cols').value = 42")
    js(page, "document.getElementById('cols').dispatchEvent(new Event('change'))")
    js(page, "document.getElementById('rows').value = 2000")
    js(page, "document.getElementById('rows').dispatchEvent(new Event('change'))")
    assert "2,000 × 42 squares is over this server's limit of 50,000" in error.text
    screenshot(page, "error-shown")


def test_a_long_count_can_be_cancelled_from_the_page(page, server):
    mask = np.ones((200, 200), bool)
    for r in range(5, 195, 10):
        for c in range(5, 195, 10):
            mask[r, c] = mask[r, c + 1] = False
    picture = Region.from_mask(mask).to_ascii()
    click(page, "paste")
    js(page, "document.getElementById('paste-text').value = arguments[0]", picture)
    click(page, "paste-load")
    # estimated at seconds: not counted as the region changes, but on request
    assert page.find_element(By.ID, "count").text == "not counted yet"
    page.find_element(By.XPATH, "//*[@id='count-detail']//button[text()='Count now']").click()
    wait_for(lambda: server.pool.status()["busy"] == 1, what="the count to start")
    assert page.find_element(By.ID, "count").text == "counting…"
    screenshot(page, "counting")
    page.find_element(By.XPATH, "//*[@id='count-detail']//button[text()='Cancel']").click()
    wait_idle(page)
    assert page.find_element(By.ID, "count").text == "not counted (cancelled)"
    wait_for(lambda: server.pool.status()["busy"] == 0, what="the worker to be free")
    assert request(server.url, "/api")[1]["workers"]["busy"] == 0


def test_the_exports_are_the_region_the_picture_and_the_tiling(page, downloads):
    choose_preset(page, "heart")
    ask(page, "tiling")
    shown = as_tiling(page_region(page), view(page)["dominoes"])
    for button in ("export-region", "export-tiling", "export-svg", "export-png"):
        click(page, button)
    files = {
        name: downloads / name
        for name in ("region.txt", "tiling.txt", "region-tiling.svg", "region-tiling.png")
    }
    wait_for(lambda: all(p.exists() and p.stat().st_size for p in files.values()), what="downloads")
    assert Region.from_ascii(files["region.txt"].read_text()) == preset("heart")
    assert files["tiling.txt"].read_text(encoding="utf-8").rstrip("\n") == shown.to_ascii()
    svg = ET.parse(files["region-tiling.svg"]).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    paths = svg.findall("{http://www.w3.org/2000/svg}path")
    fills = {p.get("fill") for p in paths}
    assert set(view(page)["fills"]) <= fills  # one path per domino colour
    assert files["region-tiling.png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = js(page, "explorer.pngPicture().toDataURL('image/png')")
    assert base64.b64decode(data.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"


# ---------------------------------------------------------------------- heights
def paste(driver, region):
    click(driver, "paste")
    js(driver, "document.getElementById('paste-text').value = arguments[0]", region.to_ascii())
    click(driver, "paste-load")
    # A region the server refused leaves the dialog open over the page: say why
    # here rather than as a click intercepted by the dialog later on.
    if js(driver, "document.getElementById('paste-dialog').open"):
        raise AssertionError(
            "the pasted region was not loaded: "
            + js(driver, "document.getElementById('paste-error').textContent")
        )


def shown_heights(driver):
    rows = js(driver, "explorer.state.view.heat.heights")
    mask = np.array([[h is None for h in row] for row in rows])
    return np.ma.MaskedArray(np.array([[h or 0 for h in row] for row in rows]), mask=mask)


def check_map_colours(driver, t, cells):
    """Each cell's pixel is the colour of the mean of its corners on the page's scale."""
    means = _cell_means(t, height(t))
    low, high = float(means.min()), float(means.max())
    colors = height_colors()
    for r, c in cells:
        level = math.floor((float(means[r, c]) - low) / max(high - low, 1) * 255 + 0.5)
        assert pixel(driver, r, c) == colors[level], (r, c)


def minus(n):
    return f"\u2212{-n}" if n < 0 else str(n)


def test_the_height_function_of_the_tiling_shown_is_drawn_with_its_numbers(page):
    choose_preset(page, "heart")
    ask(page, "tiling")
    shown = view(page)["dominoes"]
    ask(page, "heights")
    region = page_region(page)
    assert view(page)["dominoes"] == shown  # the heights of the tiling shown
    t = as_tiling(region, shown)
    h = height(t)
    assert (shown_heights(page) == h).all() and (shown_heights(page).mask == h.mask).all()
    title = page.find_element(By.ID, "view-title").text
    assert title == f"Height function: {minus(int(h.min()))} to {minus(int(h.max()))}"
    check_map_colours(page, t, region.cells().tolist())
    assert js(page, "explorer.cornerFontSize()") >= 8  # the numbers are written
    down = flip_distance(min_tiling(region), t)
    up = flip_distance(t, max_tiling(region))
    notes = page.find_element(By.ID, "view-notes").text
    assert f"{down} flips above the least tiling and {up} flips below the greatest" in notes
    legend = page.find_element(By.ID, "view-legend").text
    assert "mean height of each cell's corners" in legend
    screenshot(page, "heights-small")


def test_heights_with_holes_show_the_flux_and_flip_up_to_the_greatest_tiling(page):
    choose_preset(page, "holey")
    region = page_region(page)
    seed = 7
    ask(page, "sample")
    box = page.find_element(By.ID, "seed")
    box.clear()
    box.send_keys(str(seed))
    click(page, "replay")
    t = tiling.sample(region, rng=seed)
    assert as_tiling(region, view(page)["dominoes"]) == t
    ask(page, "heights")
    assert (shown_heights(page) == height(t)).all()
    fluxes = flux(t).tolist()
    notes = page.find_element(By.ID, "view-notes").text
    for cells, f in zip(region.holes(), fluxes):
        r, c = cells[0].tolist()
        assert f"row {r}, column {c}: {minus(f)}" in notes
    assert "dashed slits" in notes  # both holes have unequal colours
    assert len(js(page, "explorer.state.view.heat.slits")) > 0
    # cells away from the slits (which run up the columns of the holes' first cells)
    slit_columns = {int(cells[0][1]) for cells in region.holes()}
    cells = [(r, c) for r, c in region.cells().tolist() if c not in slit_columns]
    check_map_colours(page, t, cells)
    screenshot(page, "heights-holes")

    greatest = max_tiling(region, flux=fluxes)
    assert flip_distance(t, greatest) > 0
    click(page, "flip-up")
    click(page, "last")
    assert as_tiling(region, view(page)["dominoes"]) == greatest
    steps = flip_distance(t, greatest)
    assert page.find_element(By.ID, "frame-text").text == (
        f"Done: {steps} flip{'s' if steps > 1 else ''}, the greatest tiling of this flux class."
    )
    assert (shown_heights(page) == height(greatest)).all()
    assert not page.find_element(By.ID, "error").is_displayed()
    screenshot(page, "heights-flipped-up")


def large_region_with_holes():
    mask = np.ones((120, 160), bool)
    for r, c in ((20, 30), (40, 100), (70, 60), (90, 130), (100, 20)):
        mask[r : r + 3, c : c + 2] = False  # balanced holes
    mask[55, 80] = mask[56, 80] = mask[55, 81] = False  # an L: one colour more
    mask[30, 141] = False  # and a single cell of the other colour
    return Region.from_mask(mask)


def test_a_large_region_with_holes_gets_a_random_tiling_a_reroll_and_its_heights(page):
    paste(page, large_region_with_holes())
    region = page_region(page)
    assert tiling.registry.choose("sample", region).name == "cftp"
    ask(page, "sample")
    seed = int(page.find_element(By.ID, "seed").get_attribute("value"))
    assert as_tiling(region, view(page)["dominoes"]) == tiling.sample(region, rng=seed)
    words = page.find_element(By.ID, "view-text").text
    assert "Drawn by coupling from the past" in words and 'method "cftp"' in words
    screenshot(page, "sample-large-holes")
    click(page, "reroll")
    other = int(page.find_element(By.ID, "seed").get_attribute("value"))
    assert other != seed
    t = tiling.sample(region, rng=other)
    assert as_tiling(region, view(page)["dominoes"]) == t
    ask(page, "heights")
    assert (shown_heights(page) == height(t)).all()
    assert js(page, "explorer.cornerFontSize()") == 0  # cells too small for numbers
    assert len(js(page, "explorer.state.view.heat.anchors")) == len(region.holes()) == 7
    screenshot(page, "heights-large")


def test_a_long_random_tiling_shows_its_sampler_and_time_and_can_be_cancelled(page, server):
    paste(page, Region.rectangle(220, 220))
    estimate = tiling.registry.choose("sample", Region.rectangle(220, 220))
    page.find_element(By.CSS_SELECTOR, '[data-view="sample"]').click()
    wait_for(lambda: server.pool.status()["busy"] == 1, what="the sample to start")
    job = page.find_element(By.ID, "job")
    assert job.is_displayed()
    assert "drawing a random tiling (coupling from the past, usually about" in job.text
    assert estimate.name == "cftp"
    screenshot(page, "sampling-large")
    page.find_element(By.ID, "job-cancel").click()
    wait_idle(page)
    assert not job.is_displayed() and not page.find_element(By.ID, "error").is_displayed()
    wait_for(lambda: server.pool.status()["busy"] == 0, what="the worker to be free")


def test_the_tikz_export_is_the_servers_picture_of_what_is_shown(page, server, downloads):
    choose_preset(page, "ring")
    ask(page, "tiling")
    region = page_region(page)
    t = as_tiling(region, view(page)["dominoes"])
    click(page, "export-tikz")
    path = downloads / "region-tiling.tex"
    wait_for(lambda: path.exists() and path.stat().st_size, what="the TikZ download")
    # the ring, moved to the corner of the picture (by one row and one column)
    assert region.bounding_box()[:2] == (1, 1)
    moved = Tiling(region.cropped(), t.dominoes - 1)
    assert path.read_text() == document([tiling.plot.to_tikz(moved, colors="orientation")])

    ask(page, "heights")
    for button in ("export-tikz", "export-svg", "export-png"):
        click(page, button)
    files = {ext: downloads / f"region-heights.{ext}" for ext in ("tex", "svg", "png")}
    wait_for(lambda: all(p.exists() and p.stat().st_size for p in files.values()), what="downloads")
    code = files["tex"].read_text()
    expected = ask_server(
        server.url,
        "tikz",
        region=js(page, "explorer.state.grid.toAscii()"),
        show="heights",
        dominoes=view(page)["dominoes"],
    )[1]["text"]
    assert code == expected
    h = height(t)
    assert len(re.findall(r"\\node\[font=\\tiny", code)) == h.count()  # every corner numbered
    if shutil.which("pdflatex"):
        compile_tex(files["tex"])
    svg = ET.parse(files["svg"]).getroot()
    texts = [e.text for e in svg.iter("{http://www.w3.org/2000/svg}text")]
    numbers = sorted(int(x.replace("\u2212", "-")) for x in texts if re.fullmatch("\u2212?\\d+", x))
    assert numbers == sorted(int(v) for v in h.compressed())  # the corner heights
    assert "mean height of each cell's corners" in texts  # the scale's caption
    assert files["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ---------------------------------------------------------------------- probabilities
def library_probabilities(region, exact=False):
    return tiling.probabilities(region, exact=exact)


def per_cell_vertical(vertical, shape):
    """The probability that each cell's domino is vertical: its positions above and below."""
    out = np.zeros(shape, dtype=vertical.dtype)
    out[:-1] += vertical
    out[1:] += vertical
    return out


def check_probability_colours(driver, per_cell, cells):
    """Each cell's pixel (off its bars and numbers) is its probability's colour on the page's scale."""
    colors = probability_colors()
    for r, c in cells:
        level = math.floor(min(1.0, max(0.0, float(per_cell[r, c]))) * 255 + 0.5)
        assert pixel(driver, r, c, corner=True) == colors[level], (r, c, per_cell[r, c])


def test_placement_probabilities_of_a_board_with_holes_are_the_librarys(page, downloads, server):
    choose_preset(page, "holey")
    region = page_region(page)
    m = region.mask
    ask(page, "probabilities")
    assert page.find_element(By.ID, "view-title").text == "Placement probabilities"
    assert not page.find_element(By.ID, "error").is_displayed()
    # a small region: the page asks for exact fractions, and draws their floats
    horizontal, vertical = library_probabilities(region, exact=True)
    per_cell = per_cell_vertical(vertical, m.shape)
    shown = js(
        page,
        "{h: explorer.state.view.probabilities.horizontal, v: explorer.state.view.probabilities.vertical}",
    )
    for r, c in zip(*np.nonzero(m[:, :-1] & m[:, 1:])):
        assert shown["h"][r][c] == float(horizontal[r, c])
    for r, c in zip(*np.nonzero(m[:-1] & m[1:])):
        assert shown["v"][r][c] == float(vertical[r, c])
    check_probability_colours(page, per_cell, region.cells().tolist())
    # every position's bar, and its probability written on it (cells are large here)
    labels = js(page, "explorer.state.view.heat.positions.map((q) => q.label)")
    assert len(labels) == int((m[:, :-1] & m[:, 1:]).sum() + (m[:-1] & m[1:]).sum())
    assert js(page, "explorer.positionFontSize()") > 0
    notes = page.find_element(By.ID, "view-notes").text
    assert "Each cell's positions add up to 1" in notes and "exact fractions" in notes
    legend = page.find_element(By.ID, "view-legend").text
    assert "probability that the cell's domino is vertical" in legend
    # the exact fractions, under the pointer
    exact_h, exact_v = horizontal, vertical
    r, c = 3, 3  # a cell with four neighbours (the page keeps a margin of one square)
    at_cell(page, r, c).perform()
    up, down = exact_v[r - 1, c], exact_v[r, c]
    hint = page.find_element(By.ID, "hint").text
    assert hint.startswith(f"row {r}, column {c}: covered by a vertical domino with probability ")
    left, right = exact_h[r, c - 1], exact_h[r, c]
    assert all(region.mask[r + dr, c + dc] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    assert hint == (
        f"row {r}, column {c}: covered by a vertical domino with probability {up + down} "
        f"(up {up}, down {down}), by a horizontal one {left + right} (left {left}, right {right})"
    )
    screenshot(page, "probabilities-holey")

    # the picture exports carry the view and its scale; the TikZ one is the server's picture
    for button in ("export-tikz", "export-svg", "export-png"):
        click(page, button)
    files = {ext: downloads / f"region-probabilities.{ext}" for ext in ("svg", "png", "tex")}
    wait_for(lambda: all(p.exists() and p.stat().st_size for p in files.values()), what="downloads")
    svg = ET.parse(files["svg"]).getroot()
    texts = [e.text for e in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "probability that the cell's domino is vertical" in texts
    assert sum(t in labels for t in texts) >= len(labels)  # every position's number
    fills = {p.get("fill") for p in svg.iter("{http://www.w3.org/2000/svg}path")}
    colors = probability_colors()
    for r, c in region.cells().tolist():
        assert colors[math.floor(float(per_cell[r, c]) * 255 + 0.5)] in fills
    assert files["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    expected = ask_server(
        server.url, "tikz", region=js(page, "explorer.state.grid.toAscii()"), show="probabilities"
    )[1]["text"]
    assert files["tex"].read_text() == expected
    if shutil.which("pdflatex"):
        compile_tex(files["tex"])


def test_the_probabilities_of_an_aztec_diamond_show_the_arctic_circle(page):
    choose_preset(page, "aztec", 20)
    region = page_region(page)
    ask(page, "probabilities")
    r0, c0, _, _ = region.bounding_box()
    colors = probability_colors()
    # the frozen corners: horizontal at the top and bottom, vertical left and right
    assert pixel(page, r0, c0 + 19, corner=True) == colors[0]
    assert pixel(page, r0 + 39, c0 + 20, corner=True) == colors[0]
    assert pixel(page, r0 + 19, c0, corner=True) == colors[255]
    assert pixel(page, r0 + 20, c0 + 39, corner=True) == colors[255]
    _, vertical = library_probabilities(region)  # 840 cells: floats
    per_cell = per_cell_vertical(vertical, region.mask.shape)
    check_probability_colours(page, per_cell, region.cells().tolist()[::7])
    notes = page.find_element(By.ID, "view-notes").text
    assert "arctic circle" in notes
    assert js(page, "explorer.positionFontSize()") == 0  # cells too small for numbers
    screenshot(page, "probabilities-aztec-20")

    # coloured by the four classes: the library's own picture (draw_probabilities), cell by cell
    Select(page.find_element(By.ID, "probability-mode")).select_by_value("classes")
    wait_idle(page)
    assert page.find_element(By.ID, "view-legend").text.split() == ["N", "S", "W", "E"]
    ax = tiling.plot.draw_probabilities(region, show="classes", colorbar=False)
    image = np.asarray(ax.images[0].get_array())
    for r, c in region.cells().tolist()[::5]:
        want = [math.floor(x * 255 + 0.5) for x in image[r, c, :3]]
        got = [int(pixel(page, r, c, corner=True)[i : i + 2], 16) for i in (1, 3, 5)]
        assert max(abs(a - b) for a, b in zip(want, got)) <= 1, (r, c, want, got)
    # and a frozen corner has the colour its dominoes have in a random tiling drawn on the page
    ask(page, "sample")
    fill_of = {}
    for d, f in zip(view(page)["dominoes"], view(page)["fills"]):
        fill_of[d[0], d[1]] = fill_of[d[2], d[3]] = f
    ask(page, "probabilities")
    assert js(page, "explorer.state.view.mode") == "classes"  # the choice is kept
    for r, c in ((r0, c0 + 19), (r0 + 19, c0), (r0 + 39, c0 + 20), (r0 + 20, c0 + 39)):
        assert pixel(page, r, c, corner=True) == fill_of[r, c].lower(), (r, c)
    screenshot(page, "probabilities-aztec-20-classes")
    Select(page.find_element(By.ID, "probability-mode")).select_by_value("vertical")


def test_the_probabilities_of_an_untileable_region_show_the_proof(page):
    choose_preset(page, "figure7")
    region = page_region(page)
    ask(page, "probabilities")
    certificate = tiling.prove_impossible(region)
    title = page.find_element(By.ID, "view-title").text
    assert title == "No tiling, so no probabilities: Hall's condition fails"
    assert (
        page.find_element(By.ID, "view-text").text
        == certificate.explain() + " (Checked independently.)"
    )
    for r, c in certificate.cells.tolist():
        assert pixel(page, r, c, corner=True) == HIGHLIGHT.lower()


def test_probabilities_past_the_time_limit_say_so_on_the_page(browser):
    # The server's limit also bounds loading the pasted region (0.05 to 0.15 s),
    # so the board is big enough for its probabilities to take many times that:
    # about 1.6 s on a quiet machine, so a limit of about 0.4 s.
    region = slow_region(300)
    # a limit well below this machine's time for the question, whatever its speed
    limit = limit_below(lambda: tiling.probabilities(region))
    with running(Settings(workers=1, time_limit=limit, max_cells=100_000)) as served:
        browser.get(served.url)
        wait_idle(browser)
        paste(browser, region)
        ask(browser, "probabilities")
        error = browser.find_element(By.ID, "error")
        assert error.is_displayed()
        assert error.text.startswith(f"Probabilities: stopped after the time limit of {limit:g} s")
        assert "tiling serve --time-limit" in error.text
        screenshot(browser, "probabilities-time-limit")
