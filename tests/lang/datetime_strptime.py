# datetime: strptime parsing and its errors
from datetime import datetime

cases = [("2023-03-05 14:07:09", "%Y-%m-%d %H:%M:%S"), ("05/03/23", "%d/%m/%y"),
         ("Mar 5 2023", "%b %d %Y"), ("Sunday, March 05, 2023", "%A, %B %d, %Y"),
         ("2:07 PM", "%I:%M %p"), ("2023-064", "%Y-%j"), ("123456", "%f"),
         ("20230305T1407", "%Y%m%dT%H%M")]
for text, fmt in cases:
    print(text, "->", datetime.strptime(text, fmt))
for text, fmt in [("2023-13-01", "%Y-%m-%d"), ("nonsense", "%Y"), ("2023-01-01 extra", "%Y-%m-%d")]:
    try:
        datetime.strptime(text, fmt)
    except ValueError as e:
        print("ValueError:", e)
