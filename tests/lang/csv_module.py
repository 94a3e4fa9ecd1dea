import csv, io
rows = [["name", "age", "note"], ["Ann", 30, 'says "hi"'], ["Bob, Jr.", 4.5, "multi\nline"], ["", None, " lead"]]
buf = io.StringIO()
w = csv.writer(buf)
w.writerows(rows)
w.writerow([])
w.writerow([""])
print(repr(buf.getvalue()))
print(list(csv.reader(io.StringIO(buf.getvalue()))))
for q in (csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_MINIMAL):
    b = io.StringIO()
    csv.writer(b, quoting=q, lineterminator="\n").writerow(["a", 1, 2.5, "x,y"])
    print(q, repr(b.getvalue()))
b = io.StringIO()
csv.writer(b, quoting=csv.QUOTE_NONE, escapechar="\\", delimiter=";").writerow(["a;b", "c"])
print(repr(b.getvalue()))
print(list(csv.reader(["a,b,c", '"1,2",3,"x""y"', "  p,  q", ""])), list(csv.reader(["a, b"], skipinitialspace=True)))
print(list(csv.reader(["a\tb"], dialect="excel-tab")), list(csv.reader(['1,"2",x'], quoting=csv.QUOTE_NONNUMERIC)) if False else "", csv.list_dialects()[:3])
data = "id,name,score\n1,ann,9.5\n2,bob,7\n3,cy\n"
dr = csv.DictReader(io.StringIO(data))
print(dr.fieldnames, [dict(r) for r in dr], dr.line_num)
print([r for r in csv.DictReader(io.StringIO("a,b\n1,2,3,4\n"), restkey="extra")])
out = io.StringIO()
dw = csv.DictWriter(out, fieldnames=["x", "y"], lineterminator="\n")
dw.writeheader()
dw.writerow({"x": 1, "y": "two"})
dw.writerows([{"x": 3}, {"y": 4}])
print(repr(out.getvalue()))
try:
    dw.writerow({"z": 1})
except ValueError as e:
    print("ValueError:", e)
rd = csv.reader(io.StringIO('a,"b\nc",d\ne,f\n'))
print(next(rd), rd.line_num, next(rd), rd.line_num)
csv.register_dialect("pipes", delimiter="|", quoting=csv.QUOTE_MINIMAL)
print(list(csv.reader(["a|b|'c'"], "pipes")), csv.get_dialect("pipes").delimiter)
try:
    csv.get_dialect("nope")
except csv.Error as e:
    print("Error:", e)
print(csv.field_size_limit(), csv.QUOTE_NONE)
