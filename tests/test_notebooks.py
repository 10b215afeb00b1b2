"""The tour notebook runs from top to bottom, and is stored clean.

Executed with nbclient on the ``python3`` kernel of this interpreter's
environment (ipykernel).  The kernel draws with matplotlib's inline backend,
which is headless like Agg but also sends each figure back as a PNG, so the
test sees that the pictures were really produced, as a reader would.
"""

import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TOUR = NOTEBOOKS / "tour.ipynb"


def test_tour_is_stored_without_outputs():
    nb = nbformat.read(TOUR, as_version=4)
    nbformat.validate(nb)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert code, "the tour has no code"
    assert all(not cell.outputs and cell.execution_count is None for cell in code)


def test_tour_matches_its_build_script():
    sys.path.insert(0, str(NOTEBOOKS))
    try:
        import build_tour
    finally:
        sys.path.remove(str(NOTEBOOKS))
    built = build_tour.build()
    stored = nbformat.read(TOUR, as_version=4)
    assert [c.source for c in built.cells] == [c.source for c in stored.cells], (
        "notebooks/tour.ipynb is out of date: run python notebooks/build_tour.py"
    )


def test_tour_executes_without_errors_and_shows_its_pictures(tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    nb = nbformat.read(TOUR, as_version=4)
    client = nbclient.NotebookClient(
        nb,
        kernel_name="python3",
        timeout=120,  # per cell
        resources={"metadata": {"path": str(tmp_path)}},
    )
    # CellExecutionError names the failing cell and carries its traceback.
    client.execute()
    errors = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"
    ]
    assert not errors
    data = [o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    # Every drawing cell showed its figure: the chessboard, two proofs, the
    # cover beside its bound, the colouring and the Aztec diamond.
    assert sum("image/png" in d for d in data) >= 6
    # The three animations rendered (to_jshtml embeds the frames as images).
    html = "".join(d.get("text/html", "") for d in data)
    assert html.count('<img id="_anim_img') == 3
