"""Several nodes on one PostgreSQL: leases of tables, forwarding between nodes, the nginx
configuration.
"""
